import { describe, expect, it } from 'vitest';
import { hasDashboardAccess, offersRenewal, subscriptionStatusLabel } from './subscription-state';

describe('subscriptionStatusLabel', () => {
  it("shows cancel_at_period_end as 'Active (Canceling)'", () => {
    expect(subscriptionStatusLabel({ status: 'active', cancel_at_period_end: true })).toBe(
      'Active (Canceling)',
    );
    expect(subscriptionStatusLabel({ status: 'active', cancel_at_period_end: false })).toBe('Active');
    expect(subscriptionStatusLabel({ status: 'grace_period', cancel_at_period_end: false })).toBe(
      'Grace period',
    );
  });
});

describe('offersRenewal', () => {
  it('offers renewal for expired, canceled and grace_period only', () => {
    expect(offersRenewal('expired')).toBe(true);
    expect(offersRenewal('canceled')).toBe(true);
    expect(offersRenewal('grace_period')).toBe(true);
    expect(offersRenewal('active')).toBe(false);
    expect(offersRenewal('none')).toBe(false);
  });
});

describe('hasDashboardAccess (docs/product/subscriptions.md#subscription-statuses)', () => {
  it('keeps owners without a subscription out', () => {
    expect(hasDashboardAccess(null)).toBe(false);
    expect(hasDashboardAccess({ status: 'none', is_in_grace_period: false })).toBe(false);
  });

  it('keeps expired owners out unless they are in the grace period', () => {
    expect(hasDashboardAccess({ status: 'expired', is_in_grace_period: false })).toBe(false);
    expect(hasDashboardAccess({ status: 'expired', is_in_grace_period: true })).toBe(true);
  });

  it('lets every other status in', () => {
    expect(hasDashboardAccess({ status: 'active', is_in_grace_period: false })).toBe(true);
    expect(hasDashboardAccess({ status: 'grace_period', is_in_grace_period: true })).toBe(true);
    expect(hasDashboardAccess({ status: 'canceled', is_in_grace_period: false })).toBe(true);
  });
});
