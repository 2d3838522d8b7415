import { localKeys, localStore } from '@/lib/storage';
import {
  type CurrentRestaurant,
  readCurrentRestaurantId,
  readMenuToken,
  saveCurrentRestaurant,
} from './current-restaurant';
import { parseTableParam, readTableFromCode, saveTableFromCode } from './table-from-code';

/** The menu a page opens: the code's token, and its table for a table's code (ADR 013). */
export type MenuToOpen = { token: string | null; table: number | null };

/**
 * The menu to open: the QR code's token (and table) from the URL, else the ones stored when the
 * diner last opened a menu (so /menu-display alone, or a reload without the query, still works).
 */
export function menuToOpen(search: URLSearchParams): MenuToOpen {
  const fromUrl = search.get('token')?.trim();
  if (fromUrl) return { token: fromUrl, table: parseTableParam(search.get('table')) };
  return { token: readMenuToken(), table: readTableFromCode(readCurrentRestaurantId()) };
}

/**
 * Stores the restaurant whose menu just loaded (docs/product/api-conventions.md#api-calls: "the token is compared and
 * refreshed"). A different or rotated token replaces the stored details and token. Opened by
 * restaurant id, the answer carries no token, so one kept from another restaurant is dropped
 * rather than left to lead back to the wrong menu. The table comes and goes with the code: a
 * table's code sets it, the restaurant's code clears it.
 */
export function rememberRestaurant(restaurant: CurrentRestaurant, table: number | null): void {
  const previousId = readCurrentRestaurantId();
  saveCurrentRestaurant(restaurant);
  saveTableFromCode(restaurant.restaurant_id, table);
  if (!restaurant.token && previousId !== restaurant.restaurant_id) localStore.remove(localKeys.token);
}
