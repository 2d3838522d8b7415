import { describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from '@/session/owner/subscription-status';
import { loginDestination } from './login-destination';

const subscription = (overrides: Partial<SubscriptionStatus>): SubscriptionStatus => ({
  status: 'active',
  is_in_grace_period: false,
  subscription_id: 7,
  end_date: '2030-01-31',
  grace_period_end_date: null,
  ...overrides,
});

describe('loginDestination (docs/product/accounts.md#login-routing)', () => {
  it('sends an owner with no subscription record (404) to plan selection', () => {
    expect(loginDestination(null)).toEqual({ to: '/select-subscription' });
  });

  it('sends status none to plan selection', () => {
    expect(loginDestination(subscription({ status: 'none', subscription_id: null }))).toEqual({
      to: '/select-subscription',
    });
  });

  it('sends an expired subscription outside the grace period to plan selection', () => {
    expect(loginDestination(subscription({ status: 'expired' }))).toEqual({ to: '/select-subscription' });
  });

  it('lets an expired subscription still in its grace period into the dashboard', () => {
    expect(loginDestination(subscription({ status: 'expired', is_in_grace_period: true }))).toEqual({
      to: '/dashboard',
      subscriptionId: 7,
    });
  });

  it('lets an active subscription into the dashboard with its id', () => {
    expect(loginDestination(subscription({ status: 'active', subscription_id: 12 }))).toEqual({
      to: '/dashboard',
      subscriptionId: 12,
    });
  });

  it('lets a grace_period subscription into the dashboard', () => {
    expect(
      loginDestination(
        subscription({ status: 'grace_period', is_in_grace_period: true, subscription_id: 3 }),
      ),
    ).toEqual({ to: '/dashboard', subscriptionId: 3 });
  });

  it('treats canceled like any other status: dashboard', () => {
    expect(loginDestination(subscription({ status: 'canceled', subscription_id: 4 }))).toEqual({
      to: '/dashboard',
      subscriptionId: 4,
    });
  });
});
