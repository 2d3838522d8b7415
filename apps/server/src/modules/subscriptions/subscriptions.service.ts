import { loginMessages } from '@tableserve/contract/messages';
import {
  type CreateSubscriptionBody,
  type CreateSubscriptionResponse,
  type Subscription,
  subscriptionServerMessages as text,
} from '@tableserve/contract/subscription';
import { notFound } from '../../lib/app-error';
import { type Outcome, once } from '../../lib/idempotency';
import { centsToDollars } from '../../lib/money';
import { createCancellation } from './cancellation';
import { createFirstPayment } from './first-payment';
import { createPlansAndCoupons } from './plans-and-coupons';
import { createRenewalSweep } from './renewal-sweep';
import { presentSubscription } from './subscription-view';
import { subscriptionsRepository as repo, type SubscriptionRow } from './subscriptions.repository';
import { announceChange, type SubscriptionsServiceDeps } from './subscriptions-deps';

export type { SubscriptionsServiceDeps };
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

/**
 * Plans, an owner's subscription, coupons, payment, cancellation and the renewal lifecycle: each
 * concern in its own file of this folder, put together here behind the owner's access rule.
 */
export function createSubscriptionsService(deps: SubscriptionsServiceDeps) {
  const { db, now, events } = deps;
  const pay = createFirstPayment(deps);
  const cancel = createCancellation(deps);

  async function currentOf(callerId: number, userId: number): Promise<SubscriptionRow> {
    // Another owner's subscription answers exactly like a missing one.
    const row = callerId === userId ? await repo.findCurrent(db, userId) : undefined;
    if (!row) throw notFound(text.noSubscription, 'NO_SUBSCRIPTION');
    return row;
  }

  return {
    ...createPlansAndCoupons(deps),

    async status(callerId: number, userId: number): Promise<Subscription> {
      return presentSubscription(db, await currentOf(callerId, userId), now());
    },

    /** Idempotent per Idempotency-Key: a double click pays once and gets the same answer. */
    async create(
      callerId: number,
      body: CreateSubscriptionBody,
      idempotencyKey: string | undefined,
    ): Promise<Outcome<CreateSubscriptionResponse>> {
      if (callerId !== body.user_id) throw notFound(loginMessages.userNotFound, 'USER_NOT_FOUND');
      return once(db, { scope: `create-subscription:${callerId}`, key: idempotencyKey, body }, async () => {
        const { row, amountCents } = await pay(
          callerId,
          body,
          idempotencyKey ?? `create-subscription:${callerId}:${Date.now()}`,
        );
        return {
          status: 201,
          body: {
            success: true,
            subscription_id: row.id,
            amount_paid: centsToDollars(amountCents),
            subscription: await presentSubscription(db, row, now()),
          },
        };
      });
    },

    async cancel(callerId: number, userId: number, mode: 'at_period_end' | 'immediate') {
      return cancel(await currentOf(callerId, userId), mode);
    },

    /** Links the owner's restaurant to their live subscription (docs/product/api-conventions.md#api-calls; both spec calls). */
    async linkRestaurant(callerId: number, userId: number) {
      const row = await currentOf(callerId, userId);
      const restaurantId = await deps.owners.restaurantIdOf(userId);
      if (!restaurantId) throw notFound(text.noRestaurant, 'NO_RESTAURANT');
      if (row.restaurantId !== restaurantId && (await repo.update(db, row.id, row.status, { restaurantId })))
        announceChange(events, userId);
      return { success: true as const, message: text.linked, restaurant_id: restaurantId };
    },

    ownerHasValidSubscription: (ownerId: number) => repo.ownerHasValidSubscription(db, ownerId),

    sweep: createRenewalSweep(deps),
  };
}
