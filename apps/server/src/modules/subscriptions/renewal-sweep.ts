import { GRACE_PERIOD_DAYS } from '@tableserve/contract/subscription';
import { addDays, DAY_MS } from '../../lib/time';
import { planOf } from './subscription-view';
import { subscriptionsRepository as repo, type SubscriptionRow } from './subscriptions.repository';
import { announceChange, type SubscriptionsServiceDeps } from './subscriptions-deps';

/** The renewal lifecycle, run on a timer (app.ts) on one instance at a time. */
export function createRenewalSweep(deps: SubscriptionsServiceDeps) {
  const { db, provider, now, events } = deps;

  /**
   * Moves every subscription whose date has passed: renews (when we bill renewals), puts
   * failed renewals into a 7-day grace period, expires lapsed graces, ends canceling
   * subscriptions at their period end, and drops payments abandoned mid-way.
   */
  return async function sweep(): Promise<{
    renewed: number;
    failed: number;
    canceled: number;
    expired: number;
  }> {
    const at = now();
    const counts = { renewed: 0, failed: 0, canceled: 0, expired: 0 };

    for (const row of await repo.due(db, 'active', 'endDate', at)) {
      if (row.cancelAtPeriodEnd) {
        if (await repo.update(db, row.id, 'active', { status: 'canceled' })) {
          counts.canceled += 1;
          announceChange(events, row.userId);
        }
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
      if (await repo.update(db, row.id, 'grace_period', { status: 'expired' })) {
        counts.expired += 1;
        announceChange(events, row.userId);
      }
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
      const plan = await planOf(db, row);
      const charge = await provider.chargeRenewal({
        customerId: row.providerCustomerId ?? '',
        paymentMethodId: row.paymentMethodId,
        amountCents: plan.priceCents,
        idempotencyKey: `renewal:${row.id}:${row.endDate.toISOString()}`,
      });
      const renewed = await db.transaction(async (tx) => {
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
      if (renewed) announceChange(events, row.userId);
      return renewed;
    }
  };
}
