import {
  type CreateSubscriptionBody,
  CreateSubscriptionResponse,
  Subscription,
} from '@tableserve/contract/subscription';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { OwnerSession } from '@/session/owner/owner-session';
import { subscriptionQueryOptions, subscriptionStatusQueryKey } from '@/session/owner/subscription-status';

/**
 * Only what the client needs from a successful payment. Read leniently on purpose: once the
 * card is charged, a surprise elsewhere in the body must not turn success into an error.
 */
const PaymentResult = CreateSubscriptionResponse.pick({ subscription_id: true, amount_paid: true });

export type CreateSubscriptionInput = { body: CreateSubscriptionBody; idempotencyKey: string };

/**
 * POST /subscription/create-subscription (docs/product/api-conventions.md#api-calls). The Idempotency-Key makes a repeat
 * of the same attempt (double click, retry) pay once.
 */
export async function createSubscription({ body, idempotencyKey }: CreateSubscriptionInput, token: string) {
  const response = await apiRequest<unknown>('/subscription/create-subscription', {
    method: 'POST',
    body,
    token,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  const payment = PaymentResult.parse(response);
  // The new subscription, when the body carries a readable one: the status the owner now has.
  const created = Subscription.safeParse((response as { subscription?: unknown }).subscription);
  return { ...payment, subscription: created.success ? created.data : null };
}

/**
 * After a payment the cached status is the one the plans screen read before it ('none'), and no
 * screen observes it while the owner pays, so a bare invalidation would not refetch it: the
 * dashboard then routed the new owner back to the plans on that stale answer. So the new
 * subscription goes into the cache (else the status is read again), and mutateAsync resolves
 * only after that, before the screen moves on.
 */
export function useCreateSubscription(session: OwnerSession) {
  const queryClient = useQueryClient();
  const queryKey = subscriptionStatusQueryKey(session.userId);
  return useMutation({
    mutationFn: (input: CreateSubscriptionInput) => createSubscription(input, session.token),
    onSuccess: async ({ subscription }) => {
      // A status read still in flight predates the payment: it must not overwrite the new one.
      await queryClient.cancelQueries({ queryKey });
      if (subscription) {
        queryClient.setQueryData(queryKey, subscription);
        return;
      }
      // The card is charged: a failed read must not turn that into an error. Left stale, the
      // status is read again by the next screen that needs it.
      await queryClient
        .fetchQuery({ ...subscriptionQueryOptions(session), staleTime: 0 })
        .catch(() => queryClient.invalidateQueries({ queryKey }));
    },
  });
}
