import { type CancelSubscriptionBody, CancelSubscriptionResponse } from '@tableserve/contract/subscription';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { OwnerSession } from '@/session/owner/owner-session';
import { subscriptionStatusQueryKey } from '@/session/owner/subscription-status';

export type CancelMode = NonNullable<CancelSubscriptionBody>['mode'];

/**
 * POST /subscription/cancel-subscription/{user_id} (customer-side §7). The details screen cancels
 * at period end with no refund; the plans screen cancels immediately with a pro-rated refund
 * (customer-side §9, DESIGN §4 Subscription).
 */
export async function cancelSubscription(session: OwnerSession, mode: NonNullable<CancelMode>) {
  const response = await apiRequest<unknown>(`/subscription/cancel-subscription/${session.userId}`, {
    method: 'POST',
    body: { mode },
    token: session.token,
  });
  return CancelSubscriptionResponse.parse(response);
}

/** After a cancel the subscription is read again (customer-side §4). */
export function useCancelSubscription(session: OwnerSession, mode: NonNullable<CancelMode>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelSubscription(session, mode),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionStatusQueryKey(session.userId) }),
  });
}
