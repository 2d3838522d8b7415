import { sessionKeys, sessionStore } from '@/lib/storage';

/** A restaurant id as the session or navigation state holds it, when it is a valid one. */
export function parseRestaurantId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d+$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The owner's restaurant for this tab (owner-side §3 Client storage: session restaurant_id). */
export const sessionRestaurantId = (): number | null =>
  parseRestaurantId(sessionStore.get(sessionKeys.restaurantId));
