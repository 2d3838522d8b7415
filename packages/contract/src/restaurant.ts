import { z } from 'zod';
import { PageQuery, Pagination } from './pagination';

/** Restaurant search (landing page): starts above 2 characters (customer-side §1, §9). */
export const SEARCH_MIN_CHARS = 3;

export const RestaurantSearchQuery = PageQuery.extend({
  query: z
    .string()
    .trim()
    .min(SEARCH_MIN_CHARS, `Search needs at least ${SEARCH_MIN_CHARS} characters`)
    .max(100, 'Search must be at most 100 characters'),
}).strict();

/** Public fields only: anyone can search. */
export const RestaurantSearchHit = z.object({
  restaurant_id: z.number().int(),
  restaurant_name: z.string(),
  restaurant_type: z.string(),
  city: z.string(),
  state: z.string(),
  token: z.string(),
});
export type RestaurantSearchHit = z.infer<typeof RestaurantSearchHit>;

export const RestaurantSearchResponse = z.object({
  restaurants: z.array(RestaurantSearchHit),
  pagination: Pagination,
});
export type RestaurantSearchResponse = z.infer<typeof RestaurantSearchResponse>;
