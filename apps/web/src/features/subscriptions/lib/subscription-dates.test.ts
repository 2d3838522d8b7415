import type { Subscription } from '@tableserve/contract/subscription';
import { describe, expect, it } from 'vitest';
import {
  cancelAvailability,
  DAY_MS,
  daysSince,
  daysUntil,
  endingSoonDays,
  graceProgress,
  pluralDays,
  remainingDays,
  subscriptionEndDate,
} from './subscription-dates';

const now = new Date('2026-03-10T12:00:00.000Z');
const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();

const subscription = (overrides: Partial<Subscription> = {}): Subscription => ({
  subscription_id: 1,
  status: 'active',
  plan_id: 2,
  plan_name: 'Professional',
  price: 100,
  start_date: daysFromNow(-10),
  end_date: daysFromNow(20),
  next_billing_date: daysFromNow(20),
  plan_duration_days: 30,
  remaining_days: 20,
  cancel_at_period_end: false,
  grace_period_end_date: null,
  is_in_grace_period: false,
  restaurant_id: null,
  ...overrides,
});

describe('daysUntil and daysSince', () => {
  it('rounds days still to come up and days passed down, never below 0', () => {
    expect(daysUntil(daysFromNow(2.1), now)).toBe(3);
    expect(daysUntil(daysFromNow(2), now)).toBe(2);
    expect(daysUntil(daysFromNow(-1), now)).toBe(0);
    expect(daysSince(daysFromNow(-4.9), now)).toBe(4);
    expect(daysSince(daysFromNow(1), now)).toBe(0);
  });
});

describe('subscriptionEndDate (docs/product/subscriptions.md#subscription-statuses)', () => {
  it('uses the end date when there is one', () => {
    expect(subscriptionEndDate(subscription()).toISOString()).toBe(daysFromNow(20));
  });

  it('derives start plus the plan duration when the end date is missing', () => {
    const start = daysFromNow(-10);
    expect(subscriptionEndDate(subscription({ start_date: start, end_date: '' })).toISOString()).toBe(
      daysFromNow(20),
    );
    expect(
      subscriptionEndDate({ start_date: start, plan_duration_days: 30, end_date: null }).toISOString(),
    ).toBe(daysFromNow(20));
  });
});

describe('remainingDays (docs/product/subscriptions.md#subscription-statuses)', () => {
  it('counts the days to the end date', () => {
    expect(remainingDays(subscription(), now)).toBe(20);
  });

  it('is never below 0', () => {
    expect(remainingDays(subscription({ end_date: daysFromNow(-3) }), now)).toBe(0);
  });

  it('is 0 once canceled or expired, whatever the end date says', () => {
    expect(remainingDays(subscription({ status: 'canceled' }), now)).toBe(0);
    expect(remainingDays(subscription({ status: 'expired' }), now)).toBe(0);
  });

  it('uses the derived end date when the end date is missing', () => {
    expect(remainingDays(subscription({ start_date: daysFromNow(-25), end_date: '' }), now)).toBe(5);
  });
});

describe('cancelAvailability (cancel from day 5)', () => {
  it('refuses before day 5 and says how many days are left', () => {
    expect(cancelAvailability(now.toISOString(), now)).toEqual({ allowed: false, daysLeft: 5 });
    expect(cancelAvailability(daysFromNow(-2), now)).toEqual({ allowed: false, daysLeft: 3 });
    expect(cancelAvailability(daysFromNow(-4.99), now)).toEqual({ allowed: false, daysLeft: 1 });
  });

  it('allows from 5 full days after the start', () => {
    expect(cancelAvailability(daysFromNow(-5), now)).toEqual({ allowed: true });
    expect(cancelAvailability(daysFromNow(-29), now)).toEqual({ allowed: true });
  });
});

describe('endingSoonDays (the 0 to 5 day window)', () => {
  it('shows from 5 days down to 0 before the next billing date', () => {
    expect(endingSoonDays(subscription({ next_billing_date: daysFromNow(5) }), now)).toBe(5);
    expect(endingSoonDays(subscription({ next_billing_date: daysFromNow(1) }), now)).toBe(1);
    expect(endingSoonDays(subscription({ next_billing_date: now.toISOString() }), now)).toBe(0);
  });

  it('stays hidden with more than 5 days left or once the date has passed', () => {
    expect(endingSoonDays(subscription({ next_billing_date: daysFromNow(5.5) }), now)).toBeNull();
    expect(endingSoonDays(subscription({ next_billing_date: daysFromNow(20) }), now)).toBeNull();
    expect(endingSoonDays(subscription({ next_billing_date: daysFromNow(-1) }), now)).toBeNull();
  });

  it('stays hidden when canceling, not active or without a next billing date', () => {
    const soon = daysFromNow(2);
    expect(
      endingSoonDays(subscription({ next_billing_date: soon, cancel_at_period_end: true }), now),
    ).toBeNull();
    expect(endingSoonDays(subscription({ next_billing_date: soon, status: 'grace_period' }), now)).toBeNull();
    expect(endingSoonDays(subscription({ next_billing_date: null }), now)).toBeNull();
  });
});

describe('graceProgress (day X of 7)', () => {
  const grace = (graceEnd: string | null, end = daysFromNow(-2)) =>
    subscription({
      status: 'grace_period',
      end_date: end,
      next_billing_date: null,
      grace_period_end_date: graceEnd,
    });

  it('is day 1 of 7 with 7 days remaining when the grace period starts', () => {
    expect(graceProgress(grace(daysFromNow(7)), now)).toEqual({ day: 1, daysRemaining: 7 });
  });

  it('counts the day and the days remaining from the grace end date', () => {
    expect(graceProgress(grace(daysFromNow(5)), now)).toEqual({ day: 3, daysRemaining: 5 });
    expect(graceProgress(grace(daysFromNow(0.5)), now)).toEqual({ day: 7, daysRemaining: 1 });
  });

  it('never passes day 7 or goes below 0 days', () => {
    expect(graceProgress(grace(daysFromNow(-1)), now)).toEqual({ day: 7, daysRemaining: 0 });
  });

  it('derives the grace end as 7 days after the end date when it is missing', () => {
    expect(graceProgress(grace(null, daysFromNow(-3)), now)).toEqual({ day: 4, daysRemaining: 4 });
  });

  it('is null outside the grace period', () => {
    expect(graceProgress(subscription(), now)).toBeNull();
  });
});

describe('pluralDays', () => {
  it('reads naturally', () => {
    expect(pluralDays(1)).toBe('1 day');
    expect(pluralDays(0)).toBe('0 days');
    expect(pluralDays(3)).toBe('3 days');
  });
});
