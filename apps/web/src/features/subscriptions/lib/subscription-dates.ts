import {
  CANCEL_ALLOWED_FROM_DAY,
  ENDING_SOON_DAYS,
  GRACE_PERIOD_DAYS,
  PLAN_DURATION_DAYS,
  type Subscription,
} from '@tableserve/contract/subscription';

/**
 * The day arithmetic of the subscription screens and banners (docs/product/subscriptions.md#subscription-statuses,
 * docs/product/subscriptions.md#subscription-statuses; docs/product/subscriptions.md#subscription-banners). Rounding matches the server: days still to come are
 * rounded up, days already passed are rounded down.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;

const time = (date: Date | string) => (typeof date === 'string' ? Date.parse(date) : date.getTime());

/** Whole days from now to `to`, rounded up; never negative. */
export function daysUntil(to: Date | string, now: Date): number {
  return Math.max(0, Math.ceil((time(to) - now.getTime()) / DAY_MS));
}

/** Whole days since `since`, rounded down; never negative. */
export function daysSince(since: Date | string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - time(since)) / DAY_MS));
}

/** The end date, or the start plus the plan duration when it is missing (docs/product/subscriptions.md#subscription-statuses). */
export function subscriptionEndDate(
  subscription: Pick<Subscription, 'start_date' | 'plan_duration_days'> & { end_date?: string | null },
): Date {
  const end = subscription.end_date ? Date.parse(subscription.end_date) : Number.NaN;
  if (!Number.isNaN(end)) return new Date(end);
  const duration = subscription.plan_duration_days || PLAN_DURATION_DAYS;
  return new Date(Date.parse(subscription.start_date) + duration * DAY_MS);
}

/** Days to the end date: at least 0, and 0 once canceled or expired (docs/product/subscriptions.md#subscription-statuses). */
export function remainingDays(
  subscription: Pick<Subscription, 'status' | 'start_date' | 'plan_duration_days'> & {
    end_date?: string | null;
  },
  now: Date,
): number {
  if (subscription.status === 'canceled' || subscription.status === 'expired') return 0;
  if (subscription.status === 'none') return 0;
  return daysUntil(subscriptionEndDate(subscription), now);
}

export type CancelAvailability = { allowed: true } | { allowed: false; daysLeft: number };

/** Cancel is allowed once 5 or more days have passed since the start (docs/product/subscriptions.md#cancellation). */
export function cancelAvailability(startDate: string, now: Date): CancelAvailability {
  const passed = daysSince(startDate, now);
  if (passed >= CANCEL_ALLOWED_FROM_DAY) return { allowed: true };
  return { allowed: false, daysLeft: CANCEL_ALLOWED_FROM_DAY - passed };
}

/**
 * Days left before the next billing date when the orange ending-soon banner shows: the status is
 * active, the subscription is not already canceling and 0 to 5 days remain. Null otherwise.
 */
export function endingSoonDays(
  subscription: Pick<Subscription, 'status' | 'cancel_at_period_end' | 'next_billing_date'>,
  now: Date,
): number | null {
  if (subscription.status !== 'active' || subscription.cancel_at_period_end) return null;
  if (!subscription.next_billing_date) return null;
  const next = Date.parse(subscription.next_billing_date);
  if (Number.isNaN(next) || next < now.getTime()) return null;
  const days = daysUntil(subscription.next_billing_date, now);
  return days <= ENDING_SOON_DAYS ? days : null;
}

export type GraceProgress = { day: number; daysRemaining: number };

/**
 * Where a grace_period subscription stands: day X of 7 and the days remaining before the
 * grace period ends (docs/product/subscriptions.md#subscription-banners; docs/product/subscriptions.md#subscription-statuses: 7 days after a failed renewal).
 */
export function graceProgress(
  subscription: Pick<
    Subscription,
    'status' | 'start_date' | 'plan_duration_days' | 'grace_period_end_date'
  > & {
    end_date?: string | null;
  },
  now: Date,
): GraceProgress | null {
  if (subscription.status !== 'grace_period') return null;
  const parsedEnd = subscription.grace_period_end_date
    ? Date.parse(subscription.grace_period_end_date)
    : Number.NaN;
  const graceEnd = Number.isNaN(parsedEnd)
    ? subscriptionEndDate(subscription).getTime() + GRACE_PERIOD_DAYS * DAY_MS
    : parsedEnd;
  const graceStart = graceEnd - GRACE_PERIOD_DAYS * DAY_MS;
  const day = Math.min(GRACE_PERIOD_DAYS, daysSince(new Date(graceStart), now) + 1);
  return { day, daysRemaining: daysUntil(new Date(graceEnd), now) };
}

/** '1 day', '3 days'. */
export const pluralDays = (days: number): string => `${days} ${days === 1 ? 'day' : 'days'}`;

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Mar 3, 2026', in the owner's own time zone. */
export function formatDate(date: Date | string | null | undefined): string {
  if (!date) return '—';
  const value = typeof date === 'string' ? new Date(date) : date;
  return Number.isNaN(value.getTime()) ? '—' : dateFormat.format(value);
}
