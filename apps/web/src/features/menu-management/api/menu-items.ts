import { MenuItemsResponse } from '@tableserve/contract/menu';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const menuItemsQueryKey = (restaurantId: number) => ['menu-items', restaurantId] as const;

/** GET /menu/get-menu-items/{restaurant_id} (docs/product/api-conventions.md#api-calls): the restaurant's items, prices in dollars. */
export async function getMenuItems(restaurantId: number, token: string | null) {
  const response = await apiRequest<unknown>(`/menu/get-menu-items/${restaurantId}`, { token });
  return MenuItemsResponse.parse(response).data;
}

export const menuItemsQueryOptions = (restaurantId: number, token: string | null) =>
  queryOptions({
    queryKey: menuItemsQueryKey(restaurantId),
    queryFn: () => getMenuItems(restaurantId, token),
  });

export function useMenuItems(restaurantId: number, token: string | null) {
  return useQuery(menuItemsQueryOptions(restaurantId, token));
}
