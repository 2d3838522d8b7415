import type { Plan, Subscription } from '@tableserve/contract/subscription';
import { describe, expect, it } from 'vitest';
import { initialPlanId, recommendedPlanId, sortPlans } from './plans';

const plan = (plan_id: number, name: string, price: number): Plan => ({
  plan_id,
  name,
  price,
  description: '',
  billing_cycle: 'monthly',
  plan_duration_days: 30,
  features: [],
});
const plans = [plan(3, 'Enterprise', 200), plan(1, 'Starter', 50), plan(2, 'Professional', 100)];

const subscription = (status: Subscription['status'], plan_id: number) =>
  ({ status, plan_id }) as Subscription;

describe('plans', () => {
  it('sorts cheapest first', () => {
    expect(sortPlans(plans).map((p) => p.name)).toEqual(['Starter', 'Professional', 'Enterprise']);
  });

  it('recommends Professional, else the middle plan by price', () => {
    expect(recommendedPlanId(plans)).toBe(2);
    expect(recommendedPlanId([plan(7, 'A', 10), plan(8, 'B', 30), plan(9, 'C', 20)])).toBe(9);
    expect(recommendedPlanId([])).toBeNull();
  });

  it("preselects a lapsed owner's plan, otherwise the recommended one", () => {
    expect(initialPlanId(plans, null)).toBe(2);
    expect(initialPlanId(plans, subscription('expired', 3))).toBe(3);
    expect(initialPlanId(plans, subscription('grace_period', 1))).toBe(1);
    expect(initialPlanId(plans, subscription('canceled', 99))).toBe(2);
  });
});
