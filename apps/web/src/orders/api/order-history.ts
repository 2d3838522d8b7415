import { OrderHistoryResponse } from '@tableserve/contract/audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffOrderKeys } from './staff-order-keys';

/** GET /owner/restaurant/{restaurant_id}/orders/{order_id}/history (docs/product/staff.md#audit-trail). */
export async function getOrderHistory(
  restaurantId: number,
  token: string,
  orderId: number,
  signal?: AbortSignal,
): Promise<OrderHistoryResponse> {
  const body = await apiRequest<unknown>(`/owner/restaurant/${restaurantId}/orders/${orderId}/history`, {
    token,
    signal,
  });
  return OrderHistoryResponse.parse(body);
}

/**
 * An order's history, read only once its disclosure is open: a list of cards does not ask for
 * every card's history. Under the restaurant's order keys, so a live change refreshes it.
 */
export function useOrderHistory(restaurantId: number, token: string, orderId: number, open: boolean) {
  return useQuery(
    queryOptions({
      queryKey: staffOrderKeys.history(restaurantId, orderId),
      queryFn: ({ signal }) => getOrderHistory(restaurantId, token, orderId, signal),
      enabled: open,
      staleTime: 0,
    }),
  );
}
