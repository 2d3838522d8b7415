import { ApiRequestError } from '@/lib/api-client';
import { localKeys, localStore, sessionKeys, sessionStore } from '@/lib/storage';

/** A signed-in owner: the session's user id and the RestaurantToken bearer (owner-side §3 Client storage). */
export type OwnerSession = { userId: number; token: string };

/**
 * The owner of this tab, or null when the token is missing or the user id is not a valid number
 * (owner-side §4 Owner session).
 */
export function readOwnerSession(): OwnerSession | null {
  const token = localStore.get(localKeys.restaurantToken);
  const rawUserId = sessionStore.get(sessionKeys.userId);
  if (!token || !rawUserId || !/^\d+$/.test(rawUserId)) return null;
  const userId = Number(rawUserId);
  return Number.isSafeInteger(userId) && userId > 0 ? { userId, token } : null;
}

/** Forgets the owner: the tab's session data and the long-lived owner token. */
export function clearOwnerSession(): void {
  sessionStore.clear();
  localStore.remove(localKeys.restaurantToken);
}

export function saveSubscriptionId(subscriptionId: number): void {
  sessionStore.set(sessionKeys.subscriptionId, String(subscriptionId));
}

/** owner-side §4 Dashboard availability: a restaurant is active once its id is in the session. */
export function hasActiveRestaurant(): boolean {
  return Boolean(sessionStore.get(sessionKeys.restaurantId));
}

/** A 401 or 403: the server no longer accepts the owner's token, so the owner is logged out (owner-side §4 Owner session). */
export function isRefusedToken(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 401 || error.status === 403);
}
