import { restaurantServerMessages as text } from '@tableserve/contract/restaurant';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { type RestaurantRow, restaurantsRepository as repo } from './restaurants.repository';

/**
 * The tenant guard: every staff route and the staff's socket reach a restaurant only through
 * here. Another owner's restaurant answers exactly like a missing one, so ids reveal nothing.
 */
export const restaurantNotFound = () => notFound(text.notFound, 'RESTAURANT_NOT_FOUND');

/** The restaurant already in hand (e.g. from the published menu), if it is the caller's; else 404. */
export function ofCaller<R extends Pick<RestaurantRow, 'ownerId'>>(
  restaurant: R | undefined,
  ownerId: number,
): R {
  if (restaurant?.ownerId !== ownerId) throw restaurantNotFound();
  return restaurant;
}

/** The caller's restaurant, or undefined (the socket handshake refuses rather than answer 404). */
export const findRestaurantOfCaller = (
  db: DbOrTx,
  ownerId: number,
  restaurantId: number,
): Promise<RestaurantRow | undefined> => repo.findOwned(db, restaurantId, ownerId);

/** The caller's restaurant, or the 404 of a missing one. */
export async function restaurantOfCaller(db: DbOrTx, ownerId: number, restaurantId: number) {
  return ofCaller(await findRestaurantOfCaller(db, ownerId, restaurantId), ownerId);
}
