import { type Plan, PlansResponse } from '@tableserve/contract/subscription';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /subscription/plans (docs/product/api-conventions.md#api-calls), public. */
export async function getPlans(): Promise<Plan[]> {
  const response = await apiRequest<unknown>('/subscription/plans');
  return PlansResponse.parse(response).plans;
}

export const plansQueryOptions = () =>
  queryOptions({ queryKey: ['subscription-plans'], queryFn: getPlans, staleTime: 5 * 60_000 });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
