import { OWNER_PAGE_SIZE, OwnerOrdersResponse } from '@tableserve/contract/owner-orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffOrderKeys } from '@/orders/api/staff-order-keys';

/** GET /owner/restaurant/{restaurant_id}/orders?page&per_page (docs/product/api-conventions.md#api-calls): Order Management. */
export async function getOwnerOrders(
  restaurantId: number,
  token: string,
  page: number,
  signal?: AbortSignal,
): Promise<OwnerOrdersResponse> {
  const body = await apiRequest<unknown>(
    `/owner/restaurant/${restaurantId}/orders?page=${page}&per_page=${OWNER_PAGE_SIZE}`,
    { token, signal },
  );
  return OwnerOrdersResponse.parse(body);
}

export const ownerOrdersQueryOptions = (restaurantId: number, token: string, page: number) =>
  queryOptions({
    queryKey: staffOrderKeys.management(restaurantId, page),
    queryFn: ({ signal }) => getOwnerOrders(restaurantId, token, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useOwnerOrders(restaurantId: number, token: string, page: number) {
  return useQuery(ownerOrdersQueryOptions(restaurantId, token, page));
}
