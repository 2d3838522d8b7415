import type { Plan, Subscription } from '@tableserve/contract/subscription';
import type { DbOrTx } from '../../db/client';
import { centsToDollars } from '../../lib/money';
import { daysUntil } from '../../lib/time';
import {
  type PlanRow,
  subscriptionsRepository as repo,
  type SubscriptionRow,
} from './subscriptions.repository';

export const toPlan = (plan: PlanRow): Plan => ({
  plan_id: plan.id,
  name: plan.name,
  description: plan.description,
  price: centsToDollars(plan.priceCents),
  billing_cycle: 'monthly',
  plan_duration_days: plan.durationDays,
  features: plan.features,
});

/** The subscription as the client reads it (docs/product/subscriptions.md#subscription-statuses). */
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

/** The plan a subscription is on; a missing one is a broken database, not a client's mistake. */
export async function planOf(db: DbOrTx, row: SubscriptionRow): Promise<PlanRow> {
  const plan = await repo.findPlan(db, row.planId);
  if (!plan) throw new Error(`subscription ${row.id} has no plan ${row.planId}`);
  return plan;
}

export async function presentSubscription(
  db: DbOrTx,
  row: SubscriptionRow,
  now: Date,
): Promise<Subscription> {
  return toSubscription(row, await planOf(db, row), now);
}
