import { OrderSummary } from '@tableserve/contract/order';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { retryServerErrors } from './retry';

export type OrderRef = { restaurantId: number; orderId: number };

/** GET /customer/order-summary/{restaurant_id}/{order_id} with the diner's bearer (docs/product/api-conventions.md#api-calls). */
export async function getOrderSummary(
  { restaurantId, orderId }: OrderRef,
  token: string,
  signal?: AbortSignal,
): Promise<OrderSummary> {
  const body = await apiRequest<unknown>(`/customer/order-summary/${restaurantId}/${orderId}`, {
    token,
    signal,
  });
  return OrderSummary.parse(body);
}

export const orderSummaryQueryKey = ({ restaurantId, orderId }: OrderRef) =>
  ['order-summary', restaurantId, orderId] as const;

export const orderSummaryQueryOptions = (order: OrderRef, token: string) =>
  queryOptions({
    queryKey: orderSummaryQueryKey(order),
    queryFn: ({ signal }) => getOrderSummary(order, token, signal),
    retry: retryServerErrors,
  });

export function useOrderSummary(order: OrderRef, token: string) {
  return useQuery(orderSummaryQueryOptions(order, token));
}
