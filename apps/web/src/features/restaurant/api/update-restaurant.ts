import { UpdateRestaurantResponse } from '@tableserve/contract/restaurant';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnerSession } from '@/features/owner/lib/owner-session';
import { apiRequest } from '@/lib/api-client';
import type { RestaurantDetailsBody } from '../lib/restaurant-form';
import { restaurantQueryKey } from './owner-restaurant';

/** The server's message is optional here: the screen falls back to the spec's own text. */
const Updated = UpdateRestaurantResponse.partial();

/** PUT /restaurant/update-restaurant/{restaurant_id} (owner-side §7), editable fields only. */
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
