import type { RestaurantPublic } from '@tableserve/contract/restaurant';
import { paths } from '@/config/paths';
import { localKeys, localStore } from '@/lib/storage';
import { readTableFromCode, readTableKeyFromCode } from './table-from-code';

/**
 * The restaurant whose menu the diner opened (docs/product/web-app.md#client-storage): its id under
 * restaurant_id and current_restaurant_id, its public details under current_restaurant_details,
 * and the menu token of the QR code under token, so every diner page can lead back to the menu.
 */
export type CurrentRestaurant = RestaurantPublic & { token?: string };

export function saveCurrentRestaurant(restaurant: CurrentRestaurant): void {
  const id = String(restaurant.restaurant_id);
  localStore.set(localKeys.restaurantId, id);
  localStore.set(localKeys.currentRestaurantId, id);
  localStore.set(localKeys.currentRestaurantDetails, JSON.stringify(restaurant));
  if (restaurant.token) localStore.set(localKeys.token, restaurant.token);
}

export function readCurrentRestaurantId(): number | null {
  const raw = localStore.get(localKeys.currentRestaurantId) ?? localStore.get(localKeys.restaurantId);
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
}

/** The stored menu token of the QR code, used to compare with a newly scanned one. */
export function readMenuToken(): string | null {
  return localStore.get(localKeys.token);
}

/**
 * The stored restaurant's name when `token` is the menu token stored with it: for a page that
 * names the restaurant without asking the server (a bill page reached by an outdated code).
 */
export function storedRestaurantNameOf(token: string): string | null {
  if (readMenuToken() !== token) return null;
  try {
    const details = JSON.parse(localStore.get(localKeys.currentRestaurantDetails) ?? 'null') as {
      restaurant_name?: unknown;
      name?: unknown;
    } | null;
    const name = details?.restaurant_name || details?.name;
    return typeof name === 'string' && name.trim() ? name : null;
  } catch {
    return null;
  }
}

/**
 * The stored restaurant's number of tables when `token` is its menu token: the tables a code of
 * that menu may name (a bill page telling a table the restaurant does not have from one with no bill).
 */
export function storedTablesOf(token: string): number | null {
  if (readMenuToken() !== token) return null;
  try {
    const details = JSON.parse(localStore.get(localKeys.currentRestaurantDetails) ?? 'null') as {
      number_of_tables?: unknown;
    } | null;
    const tables = details?.number_of_tables;
    return typeof tables === 'number' && Number.isInteger(tables) && tables > 0 ? tables : null;
  } catch {
    return null;
  }
}

/**
 * Where 'Back to Menu' goes: the menu of the QR code the diner scanned (with its table and key,
 * for a table's code); without a stored menu token, the menu by restaurant id (display-menu accepts
 * both); else the home page.
 */
export function menuPath(restaurantId?: number | null): string {
  const id = restaurantId ?? readCurrentRestaurantId();
  const key = readMenuToken() ?? id?.toString();
  if (!key) return paths.home;
  const table = readTableFromCode(id);
  const tableKey = readTableKeyFromCode(id);
  const search = new URLSearchParams({ token: key });
  if (table !== null) search.set('table', String(table));
  if (table !== null && tableKey !== null) search.set('key', tableKey);
  return `${paths.menuDisplay}?${search}`;
}

export { readCurrentRestaurant } from './stored-restaurant';
