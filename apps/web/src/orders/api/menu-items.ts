import { MenuItemsResponse } from '@tableserve/contract/menu';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * The menu the owner picks from on Order Management (add items) and the Place Order form. Its own
 * key, outside the order lists' `staffOrderKeys.all`, so an order event does not refetch the menu.
 */
export const staffMenuKey = (restaurantId: number) => ['staff-orders-menu', restaurantId] as const;

/** GET /menu/get-menu-items/{restaurant_id} (docs/product/api-conventions.md#api-calls): the restaurant's items, prices in dollars. */
export async function getStaffMenu(restaurantId: number, token: string, signal?: AbortSignal) {
  const body = await apiRequest<unknown>(`/menu/get-menu-items/${restaurantId}`, { token, signal });
  return MenuItemsResponse.parse(body).data;
}

export const staffMenuQueryOptions = (restaurantId: number, token: string) =>
  queryOptions({
    queryKey: staffMenuKey(restaurantId),
    queryFn: ({ signal }) => getStaffMenu(restaurantId, token, signal),
    staleTime: 30_000,
  });

export function useStaffMenu(restaurantId: number, token: string) {
  return useQuery(staffMenuQueryOptions(restaurantId, token));
}
