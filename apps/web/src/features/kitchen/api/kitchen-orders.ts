import { KitchenOrdersResponse } from '@tableserve/contract/owner-orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffOrderKeys } from '@/orders/api/staff-order-keys';

/** GET /kitchen/restaurant/{restaurant_id}/orders (docs/product/api-conventions.md#api-calls): today's orders, oldest first. */
export async function getKitchenOrders(
  restaurantId: number,
  token: string,
  signal?: AbortSignal,
): Promise<KitchenOrdersResponse> {
  const body = await apiRequest<unknown>(`/kitchen/restaurant/${restaurantId}/orders`, { token, signal });
  return KitchenOrdersResponse.parse(body);
}

export const kitchenOrdersQueryOptions = (restaurantId: number, token: string) =>
  queryOptions({
    queryKey: staffOrderKeys.kitchen(restaurantId),
    queryFn: ({ signal }) => getKitchenOrders(restaurantId, token, signal),
    staleTime: 0,
  });

export function useKitchenOrders(restaurantId: number, token: string) {
  return useQuery(kitchenOrdersQueryOptions(restaurantId, token));
}
