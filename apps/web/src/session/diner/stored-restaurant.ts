import { RestaurantPublic } from '@tableserve/contract/restaurant';
import { localKeys, localStore } from '@/lib/storage';
import type { CurrentRestaurant } from './current-restaurant';

/**
 * The stored restaurant read back through the contract's schema, for the cart and checkout. Apart
 * from current-restaurant.ts so the menu page, which only writes it, does not download zod (docs/performance.md).
 */
export function readCurrentRestaurant(): CurrentRestaurant | null {
  const raw = localStore.get(localKeys.currentRestaurantDetails);
  if (!raw) return null;
  try {
    const parsed = RestaurantPublic.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    return { ...parsed.data, token: localStore.get(localKeys.token) ?? undefined };
  } catch {
    return null;
  }
}
