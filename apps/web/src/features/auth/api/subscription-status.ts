import { z } from 'zod';
import { ApiRequestError, apiRequest } from '@/lib/api-client';

/**
 * The fields of GET /subscription/subscription-status/{user_id} that signing in reads
 * (owner-side §3 Subscription status). Dates are read leniently: routing never uses them.
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

/** Resolves to null on 404, which customer-side §4 Subscription defines as status none. */
export async function getSubscriptionStatus(
  userId: number,
  token: string,
): Promise<SubscriptionStatus | null> {
  try {
    const response = await apiRequest<unknown>(`/subscription/subscription-status/${userId}`, { token });
    return SubscriptionStatus.parse(response);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}
