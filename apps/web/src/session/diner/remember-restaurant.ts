import { localKeys, localStore } from '@/lib/storage';
import {
  type CurrentRestaurant,
  readCurrentRestaurantId,
  readMenuToken,
  saveCurrentRestaurant,
} from './current-restaurant';
import {
  parseKeyParam,
  parseTableParam,
  readTableFromCode,
  readTableKeyFromCode,
  saveTableFromCode,
} from './table-from-code';

/**
 * The menu a page opens: the code's token, and its table for a table's code (ADR 013), with the
 * table's key when the card carries one (docs/decisions/025-table-keys.md).
 */
export type MenuToOpen = { token: string | null; table: number | null; key: string | null };

/**
 * The menu to open: the QR code's token (and table and key) from the URL, else the ones stored
 * when the diner last opened a menu (so /menu-display alone, or a reload without the query, still works).
 */
export function menuToOpen(search: URLSearchParams): MenuToOpen {
  const fromUrl = search.get('token')?.trim();
  if (fromUrl) {
    const table = parseTableParam(search.get('table'));
    return { token: fromUrl, table, key: table === null ? null : parseKeyParam(search.get('key')) };
  }
  const restaurantId = readCurrentRestaurantId();
  return {
    token: readMenuToken(),
    table: readTableFromCode(restaurantId),
    key: readTableKeyFromCode(restaurantId),
  };
}

/**
 * Stores the restaurant whose menu just loaded (docs/product/api-conventions.md#api-calls: "the token is compared and
 * refreshed"). A different or rotated token replaces the stored details and token. Opened by
 * restaurant id, the answer carries no token, so one kept from another restaurant is dropped
 * rather than left to lead back to the wrong menu. The table (and its key) comes and goes with
 * the code: a table's code sets it, the restaurant's code clears it.
 */
export function rememberRestaurant(
  restaurant: CurrentRestaurant,
  table: number | null,
  key: string | null,
): void {
  const previousId = readCurrentRestaurantId();
  saveCurrentRestaurant(restaurant);
  saveTableFromCode(restaurant.restaurant_id, table, key);
  if (!restaurant.token && previousId !== restaurant.restaurant_id) localStore.remove(localKeys.token);
}
