import { ApiError } from '@tableserve/contract/errors';
import { RestaurantSearchQuery, RestaurantSearchResponse } from '@tableserve/contract/restaurant';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RestaurantsService } from './restaurants.service';

/** Restaurants (owner-side spec §7 /restaurant/*). */
export const restaurantRoutes: FastifyPluginAsyncZod<{ restaurants: RestaurantsService }> = async (
  app,
  { restaurants },
) => {
  app.get(
    '/restaurant/search-restaurants',
    {
      schema: {
        tags: ['Restaurants'],
        querystring: RestaurantSearchQuery,
        response: { 200: RestaurantSearchResponse, 400: ApiError },
      },
    },
    async (request) => restaurants.search(request.query.query, request.query.page, request.query.per_page),
  );
};
