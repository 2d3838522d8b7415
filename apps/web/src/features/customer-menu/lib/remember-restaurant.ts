import {
  type CurrentRestaurant,
  readCurrentRestaurantId,
  readMenuToken,
  saveCurrentRestaurant,
} from '@/features/diner/lib/current-restaurant';
import { localKeys, localStore } from '@/lib/storage';

/**
 * The menu to open: the QR code's token from the URL, else the one stored when the diner last
 * opened a menu (so /menu-display alone, or a reload without the query, still works).
 */
export function menuTokenToOpen(urlToken: string | null): string | null {
  const fromUrl = urlToken?.trim();
  return fromUrl || readMenuToken();
}

/**
 * Stores the restaurant whose menu just loaded (customer-side §7: "the token is compared and
 * refreshed"). A different or rotated token replaces the stored details and token. Opened by
 * restaurant id, the answer carries no token, so one kept from another restaurant is dropped
 * rather than left to lead back to the wrong menu.
 */
export function rememberRestaurant(restaurant: CurrentRestaurant): void {
  const previousId = readCurrentRestaurantId();
  saveCurrentRestaurant(restaurant);
  if (!restaurant.token && previousId !== restaurant.restaurant_id) localStore.remove(localKeys.token);
}
