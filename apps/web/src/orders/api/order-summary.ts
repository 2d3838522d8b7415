import {
  type OrderFilter,
  type OrderSort,
  OrderSummaryListResponse,
  OWNER_PAGE_SIZE,
} from '@tableserve/contract/owner-orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffOrderKeys } from './staff-order-keys';

export type OrderSummaryQuery = { page: number; filter: OrderFilter; sort: OrderSort; search: string };

/** GET /customer/orders/{restaurant_id}?page&per_page&filter&search&sort (docs/product/api-conventions.md#api-calls). */
export async function getOrderSummary(
  restaurantId: number,
  token: string,
  query: OrderSummaryQuery,
  signal?: AbortSignal,
): Promise<OrderSummaryListResponse> {
  const params = new URLSearchParams({
    page: String(query.page),
    per_page: String(OWNER_PAGE_SIZE),
    filter: query.filter,
    sort: query.sort,
  });
  if (query.search.trim()) params.set('search', query.search.trim());
  const body = await apiRequest<unknown>(`/customer/orders/${restaurantId}?${params}`, { token, signal });
  return OrderSummaryListResponse.parse(body);
}

export const orderSummaryQueryOptions = (restaurantId: number, token: string, query: OrderSummaryQuery) =>
  queryOptions({
    queryKey: staffOrderKeys.summary(restaurantId, query),
    queryFn: ({ signal }) => getOrderSummary(restaurantId, token, query, signal),
    // The previous page stays on screen while the next one loads: no flashing empty table.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useOrderSummary(restaurantId: number, token: string, query: OrderSummaryQuery) {
  return useQuery(orderSummaryQueryOptions(restaurantId, token, query));
}
