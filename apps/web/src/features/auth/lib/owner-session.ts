import type { LoginResponse } from '@tableserve/contract/auth';
import { localKeys, localStore, sessionKeys, sessionStore } from '@/lib/storage';

/**
 * Stores a fresh owner login (owner-side §3 Client storage): user id and restaurant id in the
 * tab's session, the bearer token as RestaurantToken in long-lived storage. Ids left by an
 * earlier owner in the same tab are removed so they cannot leak into this session.
 */
export function saveOwnerLogin(login: LoginResponse): void {
  sessionStore.set(sessionKeys.userId, String(login.user_id));
  localStore.set(localKeys.restaurantToken, login.token);
  sessionStore.remove(sessionKeys.subscriptionId);
  if (login.resturant) sessionStore.set(sessionKeys.restaurantId, String(login.resturant.restaurant_id));
  else sessionStore.remove(sessionKeys.restaurantId);
}

export function saveOwnerSubscriptionId(subscriptionId: number): void {
  sessionStore.set(sessionKeys.subscriptionId, String(subscriptionId));
}
