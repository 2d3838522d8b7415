import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** docs/product/restaurant-setup.md#restaurant-search: the restaurant search starts only above 2 characters. */
export const MIN_SEARCH_LENGTH = 3;

export type RestaurantSearchResult = {
  restaurant_id: number;
  restaurant_name: string;
  restaurant_type: string;
  city: string;
  state: string;
  /** The restaurant's menu token: /menu-display?token=… opens its menu. */
  token: string;
};

export type SearchRestaurantsResponse = {
  restaurants: RestaurantSearchResult[];
  pagination: { page: number; per_page: number; total: number; total_pages: number };
};

export function canSearchRestaurants(query: string): boolean {
  return query.trim().length >= MIN_SEARCH_LENGTH;
}

export function searchRestaurants(query: string, signal?: AbortSignal): Promise<SearchRestaurantsResponse> {
  return apiRequest<SearchRestaurantsResponse>(
    `/restaurant/search-restaurants?query=${encodeURIComponent(query.trim())}`,
    { signal },
  );
}

export function searchRestaurantsQueryOptions(query: string) {
  const trimmed = query.trim();
  return queryOptions({
    queryKey: ['restaurants', 'search', trimmed],
    queryFn: ({ signal }) => searchRestaurants(trimmed, signal),
    enabled: canSearchRestaurants(trimmed),
    staleTime: 60_000,
  });
}

/**
 * Searches public restaurants. While a new query loads, the previous results stay on screen
 * so the list does not flash empty between keystrokes.
 */
export function useSearchRestaurants(query: string) {
  return useQuery({ ...searchRestaurantsQueryOptions(query), placeholderData: keepPreviousData });
}
