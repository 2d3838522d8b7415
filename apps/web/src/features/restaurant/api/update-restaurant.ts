import { UpdateRestaurantResponse } from '@tableserve/contract/restaurant';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { restaurantQueryKey } from '@/session/owner/owner-restaurant';
import type { OwnerSession } from '@/session/owner/owner-session';
import type { RestaurantDetailsBody } from '../lib/restaurant-form';

/** The server's message is optional here: the screen falls back to the spec's own text. */
const Updated = UpdateRestaurantResponse.partial();

/** PUT /restaurant/update-restaurant/{restaurant_id} (docs/product/api-conventions.md#api-calls), editable fields only. */
export async function updateRestaurant(restaurantId: string, body: RestaurantDetailsBody, token: string) {
  const response = await apiRequest<unknown>(
    `/restaurant/update-restaurant/${encodeURIComponent(restaurantId)}`,
    { method: 'PUT', body, token },
  );
  return Updated.parse(response ?? {});
}

export function useUpdateRestaurant(restaurantId: string, session: OwnerSession) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RestaurantDetailsBody) => updateRestaurant(restaurantId, body, session.token),
    onSuccess: (updated) => {
      if (updated.data) queryClient.setQueryData(restaurantQueryKey(restaurantId), updated.data);
    },
  });
}
