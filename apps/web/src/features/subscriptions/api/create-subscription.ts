import { type CreateSubscriptionBody, CreateSubscriptionResponse } from '@tableserve/contract/subscription';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { OwnerSession } from '../lib/owner-session';
import { subscriptionStatusQueryKey } from './subscription-status';

/**
 * Only what the client needs from a successful payment. Read leniently on purpose: once the
 * card is charged, a surprise elsewhere in the body must not turn success into an error.
 */
const PaymentResult = CreateSubscriptionResponse.pick({ subscription_id: true, amount_paid: true });

export type CreateSubscriptionInput = { body: CreateSubscriptionBody; idempotencyKey: string };

/**
 * POST /subscription/create-subscription (customer-side §7). The Idempotency-Key makes a repeat
 * of the same attempt (double click, retry) pay once.
 */
export async function createSubscription({ body, idempotencyKey }: CreateSubscriptionInput, token: string) {
  const response = await apiRequest<unknown>('/subscription/create-subscription', {
    method: 'POST',
    body,
    token,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return PaymentResult.parse(response);
}

export function useCreateSubscription(session: OwnerSession) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSubscriptionInput) => createSubscription(input, session.token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionStatusQueryKey(session.userId) }),
  });
}
