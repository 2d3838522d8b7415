import type { Plan, Subscription } from '@tableserve/contract/subscription';
import { offersRenewal } from '@/session/owner/subscription-state';

/** The plan the pricing page advertises as most popular. */
const RECOMMENDED_PLAN_NAME = 'Professional';

/** Cheapest first, as on the pricing page. */
export const sortPlans = (plans: Plan[]): Plan[] => [...plans].sort((a, b) => a.price - b.price);

/** The highlighted plan: Professional when offered, else the middle one by price. */
export function recommendedPlanId(plans: Plan[]): number | null {
  if (plans.length === 0) return null;
  const named = plans.find((plan) => plan.name === RECOMMENDED_PLAN_NAME);
  if (named) return named.plan_id;
  const sorted = sortPlans(plans);
  return sorted[Math.floor((sorted.length - 1) / 2)]!.plan_id;
}

/** The plan selected on arrival: an owner renewing keeps their plan, anyone else starts on the recommended one. */
export function initialPlanId(plans: Plan[], subscription: Subscription | null): number | null {
  if (subscription && offersRenewal(subscription.status)) {
    const previous = plans.find((plan) => plan.plan_id === subscription.plan_id);
    if (previous) return previous.plan_id;
  }
  return recommendedPlanId(plans);
}
