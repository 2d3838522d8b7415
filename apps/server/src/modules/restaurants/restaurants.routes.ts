import { ApiError } from '@tableserve/contract/errors';
import {
  CreateRestaurantBody,
  CreateRestaurantResponse,
  GetRestaurantResponse,
  RestaurantIdParams,
  RestaurantSearchQuery,
  RestaurantSearchResponse,
  UpdateRestaurantBody,
  UpdateRestaurantResponse,
} from '@tableserve/contract/restaurant';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RestaurantsService } from './restaurants.service';

const tags = ['Restaurants'];
const security = [{ bearer: [] }];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

/** Restaurants (docs/product/restaurant-setup.md#restaurant). */
export const restaurantRoutes: FastifyPluginAsyncZod<{ restaurants: RestaurantsService }> = async (
  app,
  { restaurants },
) => {
  app.post(
    '/restaurant/create-restaurant',
    {
      schema: {
        tags,
        security,
        body: CreateRestaurantBody,
        response: { 201: CreateRestaurantResponse, ...errors },
      },
      onRequest: app.requireSubscribedOwner,
    },
    async (request, reply) => reply.code(201).send(await restaurants.create(request.ownerId, request.body)),
  );

  app.get(
    '/restaurant/get-restaurant/:restaurant_id',
    {
      schema: {
        tags,
        security: [{}, ...security],
        description: 'The full record for its owner (bearer); the public fields for anyone else.',
        params: RestaurantIdParams,
        response: { 200: GetRestaurantResponse, ...errors },
      },
      onRequest: app.identifyOwner,
    },
    async (request) => restaurants.get(request.ownerId, request.params.restaurant_id),
  );

  app.put(
    '/restaurant/update-restaurant/:restaurant_id',
    {
      schema: {
        tags,
        security,
        params: RestaurantIdParams,
        body: UpdateRestaurantBody,
        response: { 200: UpdateRestaurantResponse, ...errors },
      },
      onRequest: app.requirePermission('restaurant.manage', { subscribed: true }),
    },
    async (request) => restaurants.update(request.actor!, request.params.restaurant_id, request.body),
  );

  app.get(
    '/restaurant/search-restaurants',
    {
      schema: {
        tags,
        querystring: RestaurantSearchQuery,
        response: { 200: RestaurantSearchResponse, 400: ApiError },
      },
    },
    async (request) => restaurants.search(request.query.query, request.query.page, request.query.per_page),
  );
};
