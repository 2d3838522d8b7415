import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { menuItemsQueryKey } from './menu-items';

/** DELETE /menu/delete-menu-item/{menu_id} (docs/product/api-conventions.md#api-calls). */
export async function deleteMenuItem(menuId: number, token: string | null): Promise<void> {
  await apiRequest<unknown>(`/menu/delete-menu-item/${menuId}`, { method: 'DELETE', token });
}

export function useDeleteMenuItem(restaurantId: number, token: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (menuId: number) => deleteMenuItem(menuId, token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuItemsQueryKey(restaurantId) }),
  });
}
