import { Subscription } from '@tableserve/contract/subscription';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiRequestError, apiRequest } from '@/lib/api-client';
import type { OwnerSession } from './owner-session';

/**
 * GET /subscription/subscription-status/{user_id} (docs/product/api-conventions.md#api-calls). Signing in
 * reads only the routing fields (docs/product/subscriptions.md#subscription-statuses); the subscription screens and
 * the dashboard read the whole subscription.
 */
export const SubscriptionStatus = z.object({
  status: z.enum(['none', 'active', 'canceled', 'expired', 'grace_period']),
  is_in_grace_period: z.boolean(),
  subscription_id: z.number().int().nullable(),
  end_date: z.string().nullish(),
  grace_period_end_date: z.string().nullish(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

export const subscriptionStatusQueryKey = (userId: number) => ['subscription-status', userId] as const;

/** The raw answer, or null on 404, which docs/product/subscriptions.md#subscription-statuses defines as status none. */
async function requestSubscriptionStatus(userId: number, token: string): Promise<unknown | null> {
  try {
    return await apiRequest<unknown>(`/subscription/subscription-status/${userId}`, { token });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

/** The routing fields only; dates are read leniently because routing never uses them. */
export async function getSubscriptionStatus(
  userId: number,
  token: string,
): Promise<SubscriptionStatus | null> {
  const response = await requestSubscriptionStatus(userId, token);
  return response === null ? null : SubscriptionStatus.parse(response);
}

/** The whole subscription; null means status none. */
export async function getSubscription(userId: number, token: string): Promise<Subscription | null> {
  const response = await requestSubscriptionStatus(userId, token);
  return response === null ? null : Subscription.parse(response);
}

/** A 4xx (a bad or expired token) will not get better by asking again. */
const retryServerErrors = (failureCount: number, error: unknown) =>
  failureCount < 1 && !(error instanceof ApiRequestError && error.status !== undefined && error.status < 500);

export const subscriptionQueryOptions = ({ userId, token }: OwnerSession) =>
  queryOptions({
    queryKey: subscriptionStatusQueryKey(userId),
    queryFn: () => getSubscription(userId, token),
    retry: retryServerErrors,
  });

export function useSubscription(session: OwnerSession) {
  return useQuery(subscriptionQueryOptions(session));
}
