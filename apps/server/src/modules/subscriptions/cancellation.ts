import {
  CANCEL_ALLOWED_FROM_DAY,
  type CancelSubscriptionResponse,
  subscriptionServerMessages as text,
} from '@tableserve/contract/subscription';
import { conflict } from '../../lib/app-error';
import { centsToDollars } from '../../lib/money';
import { daysSince, daysUntil } from '../../lib/time';
import { planOf, presentSubscription } from './subscription-view';
import { subscriptionsRepository as repo, type SubscriptionRow } from './subscriptions.repository';
import { announceChange, type SubscriptionsServiceDeps } from './subscriptions-deps';

/**
 * Cancellation (docs/product/subscriptions.md#cancellation): at the period's end, or at once with a refund of the unused
 * days. The cancellation is claimed before the refund, so two clicks cannot both refund, and
 * undone when the refund fails.
 */
export function createCancellation(deps: SubscriptionsServiceDeps) {
  const { db, provider, now, log, events } = deps;

  return async function cancel(
    row: SubscriptionRow,
    mode: 'at_period_end' | 'immediate',
  ): Promise<CancelSubscriptionResponse> {
    const userId = row.userId;
    if (row.status === 'canceled' || row.status === 'expired')
      throw conflict(text.alreadyCanceled, 'ALREADY_CANCELED');
    if (row.status !== 'active') throw conflict(text.cannotCancelInGrace, 'IN_GRACE_PERIOD');
    const at = now();
    const usedDays = daysSince(row.startDate, at);
    if (usedDays < CANCEL_ALLOWED_FROM_DAY) {
      throw conflict(text.cancelTooEarly(CANCEL_ALLOWED_FROM_DAY - usedDays), 'CANCEL_TOO_EARLY');
    }
    const plan = await planOf(db, row);
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
      if (updated !== row) announceChange(events, userId);
      return {
        success: true,
        message: text.canceledAtPeriodEnd,
        refund_amount: 0,
        ...figures,
        subscription: await presentSubscription(db, updated, now()),
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
    announceChange(events, userId);
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
      announceChange(events, userId);
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
      subscription: await presentSubscription(db, canceled, now()),
    };
  };
}
