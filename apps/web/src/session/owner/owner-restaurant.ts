import { GetRestaurantResponse } from '@tableserve/contract/restaurant';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '@/lib/api-client';
import type { OwnerSession } from './owner-session';

export const restaurantQueryKey = (restaurantId: string) => ['restaurant', restaurantId] as const;

/** GET /restaurant/get-restaurant/{restaurant_id} (docs/product/api-conventions.md#api-calls): the record is in `data`. */
export async function getRestaurant(restaurantId: string, token: string) {
  const response = await apiRequest<unknown>(
    `/restaurant/get-restaurant/${encodeURIComponent(restaurantId)}`,
    {
      token,
    },
  );
  return GetRestaurantResponse.parse(response).data;
}

/** A 4xx (refused token, unknown restaurant) will not get better by asking again. */
const retryServerErrors = (failureCount: number, error: unknown) =>
  failureCount < 1 && !(error instanceof ApiRequestError && error.status !== undefined && error.status < 500);

export const restaurantQueryOptions = (restaurantId: string, { token }: OwnerSession) =>
  queryOptions({
    queryKey: restaurantQueryKey(restaurantId),
    queryFn: () => getRestaurant(restaurantId, token),
    retry: retryServerErrors,
  });

export function useOwnerRestaurant(restaurantId: string, session: OwnerSession) {
  return useQuery(restaurantQueryOptions(restaurantId, session));
}
