import { loginMessages } from '@tableserve/contract/messages';
import {
  type CreateSubscriptionBody,
  subscriptionMessages,
  subscriptionServerMessages as text,
} from '@tableserve/contract/subscription';
import { isUniqueViolation } from '../../db/errors';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import { addDays } from '../../lib/time';
import { couponProblem, discountedCents } from './coupons';
import type { PaymentProvider } from './payments/payment-provider';
import { subscriptionsRepository as repo, type SubscriptionRow } from './subscriptions.repository';
import { announceChange, type SubscriptionsServiceDeps } from './subscriptions-deps';

/**
 * The first payment (docs/product/subscriptions.md#subscription-statuses checkout): a new subscription, or the renewal of one in its
 * grace period. Anything that fails before the money is taken is undone, and money taken for a
 * subscription that changed meanwhile is refunded.
 */
export function createFirstPayment(deps: SubscriptionsServiceDeps) {
  const { db, provider, now, log, events } = deps;

  /** Takes the first payment and returns the active subscription, or throws a 402 that changes nothing. */
  return async function pay(userId: number, body: CreateSubscriptionBody, idempotencyKey: string) {
    const plan = await repo.findPlan(db, body.plan_id);
    if (!plan) throw notFound(text.unknownPlan, 'UNKNOWN_PLAN');
    const coupon = body.coupon_id ? await repo.findCoupon(db, body.coupon_id) : undefined;
    const problem = body.coupon_id ? couponProblem(coupon, plan.id, now()) : undefined;
    if (problem) throw badRequest(problem, 'INVALID_COUPON');
    const owner = await deps.owners.contactOf(userId);
    if (!owner) throw notFound(loginMessages.userNotFound, 'USER_NOT_FOUND');

    const current = await repo.findCurrent(db, userId);
    if (current?.status === 'active') throw conflict(text.alreadyActive, 'ALREADY_SUBSCRIBED');
    const renewingGrace = current?.status === 'grace_period' ? current : undefined;

    const amountCents = discountedCents(plan.priceCents, coupon ?? null);
    const startedAt = now();
    const periodEnd = addDays(startedAt, plan.durationDays);

    // A renewal out of grace reuses the owner's live row; a new subscription reserves one first,
    // so the database refuses a second concurrent payment before anything is charged.
    let reserved: SubscriptionRow | undefined;
    if (!renewingGrace) {
      try {
        reserved = await repo.insert(db, {
          userId,
          planId: plan.id,
          status: 'incomplete',
          startDate: startedAt,
          currentPeriodStart: startedAt,
          endDate: periodEnd,
          provider: provider.name,
          paymentMethodId: body.payment_method_id,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(text.alreadyActive, 'ALREADY_SUBSCRIBED');
        throw error;
      }
    }

    let charge: Awaited<ReturnType<PaymentProvider['startSubscription']>>;
    try {
      charge = await provider.startSubscription({
        userId,
        email: body.billing_details?.email || owner.email,
        name: body.billing_details?.name || `${owner.firstName} ${owner.lastName}`,
        paymentMethodId: body.payment_method_id,
        plan: { id: plan.id, code: plan.code, name: plan.name, priceCents: plan.priceCents },
        coupon: coupon
          ? { code: coupon.code, percentOff: coupon.percentOff, amountOffCents: coupon.amountOffCents }
          : null,
        amountCents,
        idempotencyKey,
      });
    } catch (error) {
      if (reserved) await repo.remove(db, reserved.id);
      throw error;
    }

    if (!charge.ok) {
      if (reserved) await repo.remove(db, reserved.id);
      await repo.insertPayment(db, {
        userId,
        subscriptionId: renewingGrace?.id ?? null,
        kind: 'initial',
        status: 'failed',
        amountCents,
        provider: provider.name,
        failureMessage: charge.message,
      });
      throw new AppError(402, subscriptionMessages.paymentFailed, 'PAYMENT_FAILED');
    }

    const restaurantId = (await deps.owners.restaurantIdOf(userId)) ?? null;
    const paid = {
      planId: plan.id,
      restaurantId,
      status: 'active' as const,
      currentPeriodStart: startedAt,
      endDate: periodEnd,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      gracePeriodEndDate: null,
      couponId: coupon?.code ?? null,
      lastPaymentCents: amountCents,
      providerCustomerId: charge.customerId,
      providerSubscriptionId: charge.subscriptionId,
      paymentMethodId: body.payment_method_id,
    };
    const row = await db.transaction(async (tx) => {
      const updated = renewingGrace
        ? await repo.update(tx, renewingGrace.id, 'grace_period', paid)
        : await repo.update(tx, reserved!.id, 'incomplete', { ...paid, startDate: startedAt });
      if (!updated) return undefined;
      await repo.insertPayment(tx, {
        userId,
        subscriptionId: updated.id,
        kind: 'initial',
        status: 'succeeded',
        amountCents,
        provider: provider.name,
        providerPaymentId: charge.paymentId,
      });
      return updated;
    });
    if (!row) {
      // The grace subscription changed while we charged: give the money back.
      await provider.refund({
        providerPaymentId: charge.paymentId,
        amountCents,
        idempotencyKey: `${idempotencyKey}:undo`,
      });
      throw conflict(text.alreadyActive, 'ALREADY_SUBSCRIBED');
    }
    announceChange(events, userId);
    if (
      renewingGrace?.providerSubscriptionId &&
      renewingGrace.providerSubscriptionId !== charge.subscriptionId
    ) {
      await provider
        .cancelSubscription({
          providerSubscriptionId: renewingGrace.providerSubscriptionId,
          atPeriodEnd: false,
        })
        .catch((error) =>
          log.error(
            { err: error, subscriptionId: row.id },
            'could not cancel the lapsed provider subscription',
          ),
        );
    }
    return { row, amountCents };
  };
}
