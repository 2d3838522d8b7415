import { GetRestaurantResponse } from '@tableserve/contract/restaurant';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type CurrentRestaurant, readCurrentRestaurant } from '@/session/diner/current-restaurant';

/** GET /restaurant/get-restaurant/{id}: anyone gets the public fields (docs/product/api-conventions.md#api-calls). */
async function fetchRestaurant(restaurantId: number): Promise<CurrentRestaurant> {
  const response = GetRestaurantResponse.parse(
    await apiRequest<unknown>(`/restaurant/get-restaurant/${restaurantId}`),
  );
  return response.data;
}

/**
 * The restaurant being ordered from: the details stored when its menu opened, or, when those
 * belong to another restaurant or are missing, fetched (the table count must be right).
 */
export function useCheckoutRestaurant(restaurantId: number | null) {
  const stored = readCurrentRestaurant();
  const storedMatches = stored !== null && stored.restaurant_id === restaurantId;
  const query = useQuery({
    queryKey: ['checkout-restaurant', restaurantId],
    queryFn: () =>
      restaurantId === null ? Promise.reject(new Error('No restaurant')) : fetchRestaurant(restaurantId),
    enabled: restaurantId !== null && !storedMatches,
  });
  return {
    restaurant: storedMatches ? stored : (query.data ?? null),
    isLoading: !storedMatches && query.isLoading,
    isError: !storedMatches && query.isError,
  };
}
