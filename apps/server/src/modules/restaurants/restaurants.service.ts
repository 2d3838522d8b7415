import { pagination } from '@tableserve/contract/pagination';
import type { RestaurantSearchResponse } from '@tableserve/contract/restaurant';
import type { Db } from '../../db/client';
import { restaurantsRepository as repo } from './restaurants.repository';

export type RestaurantsService = ReturnType<typeof createRestaurantsService>;

export function createRestaurantsService({ db }: { db: Db }) {
  return {
    async search(query: string, page: number, perPage: number): Promise<RestaurantSearchResponse> {
      const { rows, total } = await repo.search(db, query, perPage, (page - 1) * perPage);
      return {
        restaurants: rows.map((row) => ({
          restaurant_id: row.id,
          restaurant_name: row.name,
          restaurant_type: row.restaurantType,
          city: row.city,
          state: row.state,
          token: row.token,
        })),
        pagination: pagination(page, perPage, total),
      };
    },
  };
}
