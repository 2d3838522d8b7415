import { type CreateRestaurantBody, CreateRestaurantResponse } from '@tableserve/contract/restaurant';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { OwnerSession } from '@/session/owner/owner-session';

/** Only what the screen uses; the rest of the answer may grow without breaking it. */
const Created = CreateRestaurantResponse.pick({ message: true, restaurant_id: true });
export type CreatedRestaurant = { message: string; restaurant_id: number };

/** POST /restaurant/create-restaurant (docs/product/api-conventions.md#api-calls), with the owner's bearer token. */
export async function createRestaurant(
  body: CreateRestaurantBody,
  token: string,
): Promise<CreatedRestaurant> {
  return Created.parse(
    await apiRequest<unknown>('/restaurant/create-restaurant', { method: 'POST', body, token }),
  );
}

export function useCreateRestaurant(session: OwnerSession) {
  return useMutation({ mutationFn: (body: CreateRestaurantBody) => createRestaurant(body, session.token) });
}
