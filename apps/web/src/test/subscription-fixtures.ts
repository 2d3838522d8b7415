import type { Plan, Subscription } from '@tableserve/contract/subscription';
import { localKeys, sessionKeys } from '@/lib/storage';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An ISO instant `days` from now (negative: in the past). */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

export const plans: Plan[] = [
  {
    plan_id: 1,
    name: 'Starter',
    description: 'For cafés and small dining rooms taking their first QR orders.',
    price: 50,
    billing_cycle: 'monthly',
    plan_duration_days: 30,
    features: ['QR menu with photos and categories', 'Email support'],
  },
  {
    plan_id: 2,
    name: 'Professional',
    description: 'For busy restaurants that run the whole service on TableServe.',
    price: 100,
    billing_cycle: 'monthly',
    plan_duration_days: 30,
    features: ['Everything in Starter', 'Real-time kitchen view'],
  },
  {
    plan_id: 3,
    name: 'Enterprise',
    description: 'For large venues with many tables and a high order volume.',
    price: 200,
    billing_cycle: 'monthly',
    plan_duration_days: 30,
    features: ['Everything in Professional'],
  },
];

/** An active Professional subscription 10 days into its 30-day period. */
export function subscriptionFixture(overrides: Partial<Subscription> = {}): Subscription {
  return {
    subscription_id: 31,
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
  };
}

/** Signs owner 42 in, as a login leaves the storage. */
export function signInOwner({ userId = '42', token = 'owner-token' } = {}) {
  sessionStorage.setItem(sessionKeys.userId, userId);
  localStorage.setItem(localKeys.restaurantToken, token);
}
