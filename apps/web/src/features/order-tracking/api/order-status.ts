import { OrderStatusResponse } from '@tableserve/contract/order';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import type { OrderRef } from './order-summary';
import { retryServerErrors } from './retry';

export type OrderStatusData = z.infer<typeof OrderStatusResponse>;

/** GET /customer/order-status?restaurant_id&order_id: public, the status only (docs/product/api-conventions.md#api-calls). */
export async function getOrderStatus(
  { restaurantId, orderId }: OrderRef,
  signal?: AbortSignal,
): Promise<OrderStatusData> {
  const query = new URLSearchParams({ restaurant_id: String(restaurantId), order_id: String(orderId) });
  const body = await apiRequest<unknown>(`/customer/order-status?${query}`, { signal });
  return OrderStatusResponse.parse(body);
}

export const orderStatusQueryKey = ({ restaurantId, orderId }: OrderRef) =>
  ['order-status', restaurantId, orderId] as const;

export function useOrderStatus(order: OrderRef) {
  return useQuery({
    queryKey: orderStatusQueryKey(order),
    queryFn: ({ signal }) => getOrderStatus(order, signal),
    retry: retryServerErrors,
  });
}
