import { type CancelSubscriptionBody, CancelSubscriptionResponse } from '@tableserve/contract/subscription';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { OwnerSession } from '@/session/owner/owner-session';
import { subscriptionStatusQueryKey } from '@/session/owner/subscription-status';

export type CancelMode = NonNullable<CancelSubscriptionBody>['mode'];

/**
 * POST /subscription/cancel-subscription/{user_id} (docs/product/api-conventions.md#api-calls). The details screen cancels
 * at period end with no refund; the plans screen cancels immediately with a pro-rated refund
 * (docs/product/subscriptions.md#cancellation, docs/product/subscriptions.md#subscription-statuses).
 */
export async function cancelSubscription(session: OwnerSession, mode: NonNullable<CancelMode>) {
  const response = await apiRequest<unknown>(`/subscription/cancel-subscription/${session.userId}`, {
    method: 'POST',
    body: { mode },
    token: session.token,
  });
  return CancelSubscriptionResponse.parse(response);
}

/** After a cancel the subscription is read again (docs/product/subscriptions.md#cancellation). */
export function useCancelSubscription(session: OwnerSession, mode: NonNullable<CancelMode>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelSubscription(session, mode),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionStatusQueryKey(session.userId) }),
  });
}
