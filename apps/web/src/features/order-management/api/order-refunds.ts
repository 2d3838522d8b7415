import {
  type CreateRefundBody,
  CreateRefundResponse,
  OrderRefundsResponse,
} from '@tableserve/contract/refunds';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const refundKeys = (orderId: number) => ['order-refunds', orderId] as const;

/** GET /orders/{order_id}/refunds (docs/decisions/020-money-model.md#refunds). */
async function getOrderRefunds(token: string, orderId: number, signal?: AbortSignal) {
  return OrderRefundsResponse.parse(
    await apiRequest<unknown>(`/orders/${orderId}/refunds`, { token, signal }),
  );
}

/** An order's refunds, read once its disclosure is open: a list of cards asks for none. */
export function useOrderRefunds(token: string, orderId: number, open: boolean) {
  return useQuery(
    queryOptions({
      queryKey: refundKeys(orderId),
      queryFn: ({ signal }) => getOrderRefunds(token, orderId, signal),
      enabled: open,
      staleTime: 0,
    }),
  );
}

/** POST /orders/{order_id}/refunds, once per key: a double-tapped Confirm refunds once. */
export function useCreateRefund(token: string, orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: CreateRefundBody; idempotencyKey: string }) =>
      CreateRefundResponse.parse(
        await apiRequest<unknown>(`/orders/${orderId}/refunds`, {
          method: 'POST',
          token,
          body,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
      ),
    onSuccess: (answer) => queryClient.setQueryData(refundKeys(orderId), answer),
  });
}
