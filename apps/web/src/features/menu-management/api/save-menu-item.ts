import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MenuItemPayload } from '../lib/menu-item-form';
import { menuItemsQueryKey } from './menu-items';
import { uploadMenuImage } from './upload-image';

export type SaveMenuItemInput = {
  /** The item being edited; absent when adding. */
  menuId?: number;
  payload: Omit<MenuItemPayload, 'image'>;
  /** The image value already stored (kept when no new file is chosen); null for none. */
  image: string | null;
  /** A newly chosen photo, uploaded first; a failed upload saves nothing. */
  file?: File;
};

/** POST /menu/add-menu-item or POST /menu/update-menu-item/{menu_id} (docs/product/api-conventions.md#api-calls). */
export async function saveMenuItem(input: SaveMenuItemInput, token: string | null): Promise<void> {
  const image = input.file ? await uploadMenuImage(input.file, token) : input.image;
  const body: MenuItemPayload = { ...input.payload, image };
  const path = input.menuId === undefined ? '/menu/add-menu-item' : `/menu/update-menu-item/${input.menuId}`;
  await apiRequest<unknown>(path, { method: 'POST', body, token });
}

export function useSaveMenuItem(restaurantId: number, token: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveMenuItemInput) => saveMenuItem(input, token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuItemsQueryKey(restaurantId) }),
  });
}
