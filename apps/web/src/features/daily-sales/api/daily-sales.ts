import { DailySalesResponse } from '@tableserve/contract/owner-orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffOrderKeys } from '@/orders/api/staff-order-keys';

/** GET /customer/daily-sales/{restaurant_id}?date= (docs/product/api-conventions.md#api-calls): one business day. */
export async function getDailySales(
  restaurantId: number,
  token: string,
  date: string,
  signal?: AbortSignal,
): Promise<DailySalesResponse> {
  const body = await apiRequest<unknown>(
    `/customer/daily-sales/${restaurantId}?date=${encodeURIComponent(date)}`,
    { token, signal },
  );
  return DailySalesResponse.parse(body);
}

/** docs/product/daily-sales.md#daily-sales: without a restaurant id and a date the call is skipped. */
export const dailySalesQueryOptions = (restaurantId: number | null, token: string, date: string | null) =>
  queryOptions({
    queryKey: staffOrderKeys.sales(restaurantId ?? 0, date ?? ''),
    queryFn: ({ signal }) => getDailySales(restaurantId!, token, date!, signal),
    enabled: restaurantId !== null && Boolean(date),
    staleTime: 0,
  });

export function useDailySales(restaurantId: number | null, token: string, date: string | null) {
  return useQuery(dailySalesQueryOptions(restaurantId, token, date));
}
