import { loginMessages } from '@tableserve/contract/messages';
import {
  CANCEL_ALLOWED_FROM_DAY,
  type CancelSubscriptionResponse,
  type CreateSubscriptionBody,
  type CreateSubscriptionResponse,
  GRACE_PERIOD_DAYS,
  type Plan,
  type Subscription,
  subscriptionMessages,
  subscriptionServerMessages as text,
  type ValidateCouponResponse,
} from '@tableserve/contract/subscription';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import { type Outcome, once } from '../../lib/idempotency';
import { centsToDollars } from '../../lib/money';
import { addDays, DAY_MS, daysSince, daysUntil } from '../../lib/time';
import { restaurantsRepository } from '../restaurants/restaurants.repository';
import { couponProblem, discountedCents } from './coupons';
import type { PaymentProvider } from './payments/payment-provider';
import {
  type PlanRow,
  subscriptionsRepository as repo,
  type SubscriptionRow,
} from './subscriptions.repository';

export type SubscriptionsServiceDeps = {
  db: Db;
  provider: PaymentProvider;
  now: () => Date;
  log: FastifyBaseLogger;
};
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

const toPlan = (plan: PlanRow): Plan => ({
  plan_id: plan.id,
  name: plan.name,
  description: plan.description,
  price: centsToDollars(plan.priceCents),
  billing_cycle: 'monthly',
  plan_duration_days: plan.durationDays,
  features: plan.features,
});

/** The subscription as the client reads it (customer-side §3 Subscription, §4 derived values). */
export function toSubscription(row: SubscriptionRow, plan: PlanRow, now: Date): Subscription {
  const ended = row.status === 'canceled' || row.status === 'expired';
  const inGrace =
    row.status === 'grace_period' && row.gracePeriodEndDate !== null && row.gracePeriodEndDate > now;
  return {
    subscription_id: row.id,
    status: row.status === 'incomplete' ? 'none' : row.status,
    plan_id: plan.id,
    plan_name: plan.name,
    price: centsToDollars(plan.priceCents),
    start_date: row.startDate.toISOString(),
    end_date: row.endDate.toISOString(),
    next_billing_date: row.status === 'active' && !row.cancelAtPeriodEnd ? row.endDate.toISOString() : null,
    plan_duration_days: plan.durationDays,
    remaining_days: ended ? 0 : daysUntil(row.endDate, now),
    cancel_at_period_end: row.cancelAtPeriodEnd,
    grace_period_end_date: row.gracePeriodEndDate?.toISOString() ?? null,
    is_in_grace_period: inGrace,
    restaurant_id: row.restaurantId,
  };
}

/** Plans, an owner's subscription, coupons, payment, cancellation and the renewal lifecycle. */
export function createSubscriptionsService(deps: SubscriptionsServiceDeps) {
  const { db, provider, now, log } = deps;

  async function planOf(row: SubscriptionRow): Promise<PlanRow> {
    const plan = await repo.findPlan(db, row.planId);
    if (!plan) throw new Error(`subscription ${row.id} has no plan ${row.planId}`);
    return plan;
  }

  async function present(row: SubscriptionRow): Promise<Subscription> {
    return toSubscription(row, await planOf(row), now());
  }

  async function currentOf(callerId: number, userId: number): Promise<SubscriptionRow> {
    // Another owner's subscription answers exactly like a missing one.
    const row = callerId === userId ? await repo.findCurrent(db, userId) : undefined;
    if (!row) throw notFound(text.noSubscription, 'NO_SUBSCRIPTION');
    return row;
  }

  /** Takes the first payment and returns the active subscription, or throws a 402 that changes nothing. */
  async function pay(userId: number, body: CreateSubscriptionBody, idempotencyKey: string) {
    const plan = await repo.findPlan(db, body.plan_id);
    if (!plan) throw notFound(text.unknownPlan, 'UNKNOWN_PLAN');
    const coupon = body.coupon_id ? await repo.findCoupon(db, body.coupon_id) : undefined;
    const problem = body.coupon_id ? couponProblem(coupon, plan.id, now()) : undefined;
    if (problem) throw badRequest(problem, 'INVALID_COUPON');
    const owner = await repo.findOwner(db, userId);
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

    const restaurantId = (await restaurantsRepository.idOfOwner(db, userId)) ?? null;
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
  }

  return {
    async listPlans(): Promise<Plan[]> {
      return (await repo.listPlans(db)).map(toPlan);
    },

    async status(callerId: number, userId: number): Promise<Subscription> {
      return present(await currentOf(callerId, userId));
    },

    async validateCoupon(code: string, planId: number): Promise<ValidateCouponResponse> {
      if (!(await repo.findPlan(db, planId))) throw notFound(text.unknownPlan, 'UNKNOWN_PLAN');
      const coupon = await repo.findCoupon(db, code);
      const problem = couponProblem(coupon, planId, now());
      if (problem || !coupon)
        return { valid: false, coupon: null, error: problem ?? subscriptionMessages.invalidCoupon };
      return {
        valid: true,
        error: null,
        coupon: {
          id: coupon.code,
          name: coupon.name,
          percent_off: coupon.percentOff,
          amount_off: coupon.amountOffCents,
          valid: true,
          metadata: { applicable_product_id: coupon.applicablePlanId },
        },
      };
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
            subscription: await present(row),
          },
        };
      });
    },

    async cancel(
      callerId: number,
      userId: number,
      mode: 'at_period_end' | 'immediate',
    ): Promise<CancelSubscriptionResponse> {
      const row = await currentOf(callerId, userId);
      if (row.status === 'canceled' || row.status === 'expired')
        throw conflict(text.alreadyCanceled, 'ALREADY_CANCELED');
      if (row.status !== 'active') throw conflict(text.cannotCancelInGrace, 'IN_GRACE_PERIOD');
      const at = now();
      const usedDays = daysSince(row.startDate, at);
      if (usedDays < CANCEL_ALLOWED_FROM_DAY) {
        throw conflict(text.cancelTooEarly(CANCEL_ALLOWED_FROM_DAY - usedDays), 'CANCEL_TOO_EARLY');
      }
      const plan = await planOf(row);
      const dailyRateCents = plan.priceCents / plan.durationDays;
      const remainingDays = daysUntil(row.endDate, at);
      const figures = {
        used_days: usedDays,
        remaining_days: remainingDays,
        daily_rate: centsToDollars(dailyRateCents),
      };

      if (mode === 'at_period_end') {
        if (!row.cancelAtPeriodEnd && row.providerSubscriptionId) {
          await provider.cancelSubscription({
            providerSubscriptionId: row.providerSubscriptionId,
            atPeriodEnd: true,
          });
        }
        const updated = row.cancelAtPeriodEnd
          ? row
          : await repo.update(db, row.id, 'active', { cancelAtPeriodEnd: true, canceledAt: at });
        if (!updated) throw conflict(text.alreadyCanceled, 'ALREADY_CANCELED');
        return {
          success: true,
          message: text.canceledAtPeriodEnd,
          refund_amount: 0,
          ...figures,
          subscription: await present(updated),
        };
      }

      // Immediate: claim the cancellation first, so two clicks cannot both refund.
      const refundCents = Math.min(Math.round(dailyRateCents * remainingDays), row.lastPaymentCents);
      const canceled = await repo.update(db, row.id, 'active', {
        status: 'canceled',
        canceledAt: at,
        endDate: at,
        cancelAtPeriodEnd: false,
      });
      if (!canceled) throw conflict(text.alreadyCanceled, 'ALREADY_CANCELED');
      // Refund before ending it at the provider: if the refund fails, nothing has changed there
      // and the owner's subscription is simply restored.
      let refundId: string | null = null;
      try {
        if (refundCents > 0) {
          const refund = await provider.refund({
            providerPaymentId: await repo.lastChargeId(db, row.id),
            amountCents: refundCents,
            idempotencyKey: `refund:${row.id}`,
          });
          refundId = refund.refundId;
        }
      } catch (error) {
        await repo.update(db, row.id, 'canceled', {
          status: 'active',
          canceledAt: row.canceledAt,
          endDate: row.endDate,
        });
        throw error;
      }
      await repo.insertPayment(db, {
        userId,
        subscriptionId: row.id,
        kind: 'refund',
        status: 'succeeded',
        amountCents: refundCents,
        provider: provider.name,
        providerPaymentId: refundId,
      });
      if (row.providerSubscriptionId) {
        await provider
          .cancelSubscription({ providerSubscriptionId: row.providerSubscriptionId, atPeriodEnd: false })
          .catch((error) =>
            log.error(
              { err: error, subscriptionId: row.id },
              'refunded, but the provider subscription is still live',
            ),
          );
      }
      return {
        success: true,
        message: text.canceledImmediately,
        refund_amount: centsToDollars(refundCents),
        ...figures,
        subscription: await present(canceled),
      };
    },

    /** Links the owner's restaurant to their live subscription (owner-side §7; both spec calls). */
    async linkRestaurant(callerId: number, userId: number) {
      const row = await currentOf(callerId, userId);
      const restaurantId = await restaurantsRepository.idOfOwner(db, userId);
      if (!restaurantId) throw notFound(text.noRestaurant, 'NO_RESTAURANT');
      if (row.restaurantId !== restaurantId) await repo.update(db, row.id, row.status, { restaurantId });
      return { success: true as const, message: text.linked, restaurant_id: restaurantId };
    },

    ownerHasValidSubscription: (ownerId: number) => repo.ownerHasValidSubscription(db, ownerId),

    /**
     * Moves every subscription whose date has passed: renews (when we bill renewals), puts
     * failed renewals into a 7-day grace period, expires lapsed graces, ends canceling
     * subscriptions at their period end, and drops payments abandoned mid-way.
     */
    async sweep(): Promise<{ renewed: number; failed: number; canceled: number; expired: number }> {
      const at = now();
      const counts = { renewed: 0, failed: 0, canceled: 0, expired: 0 };

      for (const row of await repo.due(db, 'active', 'endDate', at)) {
        if (row.cancelAtPeriodEnd) {
          if (await repo.update(db, row.id, 'active', { status: 'canceled' })) counts.canceled += 1;
          continue;
        }
        if (provider.renewsItself) continue; // its webhook extends the period
        let current: SubscriptionRow | undefined = row;
        // A server that was down for several periods catches up one period at a time.
        while (current && current.status === 'active' && current.endDate <= at) {
          current = await renew(current);
        }
      }

      for (const row of await repo.due(db, 'grace_period', 'gracePeriodEndDate', at)) {
        if (await repo.update(db, row.id, 'grace_period', { status: 'expired' })) counts.expired += 1;
      }

      for (const row of await repo.due(
        db,
        'incomplete',
        'createdAt',
        new Date(at.getTime() - 15 * 60 * 1000),
      )) {
        await repo.remove(db, row.id);
      }
      return counts;

      async function renew(row: SubscriptionRow): Promise<SubscriptionRow | undefined> {
        const plan = await planOf(row);
        const charge = await provider.chargeRenewal({
          customerId: row.providerCustomerId ?? '',
          paymentMethodId: row.paymentMethodId,
          amountCents: plan.priceCents,
          idempotencyKey: `renewal:${row.id}:${row.endDate.toISOString()}`,
        });
        return db.transaction(async (tx) => {
          const changes = charge.ok
            ? {
                currentPeriodStart: row.endDate,
                endDate: addDays(row.endDate, plan.durationDays),
                lastPaymentCents: plan.priceCents,
              }
            : {
                status: 'grace_period' as const,
                gracePeriodEndDate: new Date(row.endDate.getTime() + GRACE_PERIOD_DAYS * DAY_MS),
              };
          const updated = await repo.update(tx, row.id, 'active', changes);
          if (!updated) return undefined;
          await repo.insertPayment(tx, {
            userId: row.userId,
            subscriptionId: row.id,
            kind: 'renewal',
            status: charge.ok ? 'succeeded' : 'failed',
            amountCents: plan.priceCents,
            provider: provider.name,
            providerPaymentId: charge.ok ? charge.paymentId : null,
            failureMessage: charge.ok ? null : charge.message,
          });
          if (charge.ok) counts.renewed += 1;
          else counts.failed += 1;
          return updated;
        });
      }
    },
  };
}
