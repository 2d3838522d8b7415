import { type MenuItem, MenuItemResponse } from '@tableserve/contract/menu';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffMenuKey } from '@/orders/api/menu-items';

type Caller = { restaurantId: number; token: string };

/** POST /menu/sold-out/{menu_id} (docs/decisions/015-stock-and-sold-out.md): the kitchen's one tap, either way. */
export async function setSoldOut({ restaurantId, token }: Caller, menuId: number, soldOut: boolean) {
  const body = await apiRequest<unknown>(`/menu/sold-out/${menuId}`, {
    method: 'POST',
    token,
    body: { restaurant_id: restaurantId, sold_out: soldOut },
  });
  return MenuItemResponse.parse(body).data;
}

/** The tap, with the staff's menu updated from the answer (the live event refetches it too). */
export function useSetSoldOut(caller: Caller) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ menuId, soldOut }: { menuId: number; soldOut: boolean }) =>
      setSoldOut(caller, menuId, soldOut),
    onSuccess: (item) =>
      queryClient.setQueryData<MenuItem[]>(staffMenuKey(caller.restaurantId), (items) =>
        items?.map((listed) => (listed.menu_id === item.menu_id ? item : listed)),
      ),
  });
}
