import { RestaurantPublic } from '@tableserve/contract/restaurant';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** Only what the form reads, so the rest of the record may change freely. */
const TablesResponse = z.object({ data: RestaurantPublic.pick({ number_of_tables: true }) });

/**
 * GET /restaurant/get-restaurant/{restaurant_id} (docs/product/api-conventions.md#api-calls, the record in `data`): the Place
 * Order form only needs its number_of_tables for the table select.
 */
export async function getNumberOfTables(restaurantId: number, token: string, signal?: AbortSignal) {
  const body = await apiRequest<unknown>(`/restaurant/get-restaurant/${restaurantId}`, { token, signal });
  return TablesResponse.parse(body).data.number_of_tables;
}

export const restaurantTablesQueryOptions = (restaurantId: number, token: string) =>
  queryOptions({
    queryKey: ['staff-orders-tables', restaurantId] as const,
    queryFn: ({ signal }) => getNumberOfTables(restaurantId, token, signal),
    staleTime: 60_000,
    // Without it the form still offers Pick-up: no point asking again and again.
    retry: false,
  });

export function useRestaurantTables(restaurantId: number, token: string) {
  return useQuery(restaurantTablesQueryOptions(restaurantId, token));
}
