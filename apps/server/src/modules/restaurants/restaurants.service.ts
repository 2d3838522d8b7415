import { loginMessages } from '@tableserve/contract/messages';
import { type OpeningHours, withClosingDays } from '@tableserve/contract/opening-hours';
import { pagination } from '@tableserve/contract/pagination';
import {
  type CreateRestaurantBody,
  type CreateRestaurantResponse,
  type GetRestaurantResponse,
  type Restaurant,
  type RestaurantPublic,
  type RestaurantSearchResponse,
  restaurantServerMessages as text,
  type UpdateRestaurantBody,
  type UpdateRestaurantResponse,
} from '@tableserve/contract/restaurant';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/app-error';
import type { DomainEventBus } from '../../lib/domain-events';
import { withoutUndefined } from '../../lib/objects';
import { recordChanges } from '../audit/audit-log';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { newMenuToken } from './menu-tokens';
import { restaurantNotFound } from './restaurant-of-caller';
import { type RestaurantRow, restaurantsRepository as repo } from './restaurants.repository';
import { newTableSecret } from './table-keys';

export type RestaurantsServiceDeps = {
  db: Db;
  subscriptions: Pick<SubscriptionsService, 'linkRestaurant'>;
  log: FastifyBaseLogger;
  events: DomainEventBus;
};
export type RestaurantsService = ReturnType<typeof createRestaurantsService>;

export function toRestaurantPublic(row: RestaurantRow): RestaurantPublic {
  return {
    restaurant_id: row.id,
    restaurant_name: row.name,
    name: row.name,
    description: row.description,
    address: row.address,
    city: row.city,
    state: row.state,
    phone: row.phone,
    restaurant_type: row.restaurantType,
    number_of_tables: row.numberOfTables,
    opening_hours: row.openingHours as OpeningHours,
    timezone: row.timezone,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

export function toRestaurant(row: RestaurantRow): Restaurant {
  return {
    ...toRestaurantPublic(row),
    email: row.email,
    country: row.country,
    zip_code: row.zipCode,
    user_id: row.ownerId,
    token: row.token,
  };
}

/** Restaurant set-up, the owner's and the public view, editing, and search. */
export function createRestaurantsService({ db, subscriptions, log, events }: RestaurantsServiceDeps) {
  const alreadyExists = () => conflict(text.alreadyExists, 'RESTAURANT_EXISTS');

  return {
    /** One restaurant per owner, even when the form is submitted twice at once. */
    async create(ownerId: number, body: CreateRestaurantBody): Promise<CreateRestaurantResponse> {
      if (body.user_id !== undefined && body.user_id !== ownerId)
        throw notFound(loginMessages.userNotFound, 'USER_NOT_FOUND');
      if (await repo.findByOwner(db, ownerId)) throw alreadyExists();
      let created: RestaurantRow;
      try {
        created = await repo.insert(db, {
          ownerId,
          name: body.restaurant_name,
          description: body.description ?? '',
          restaurantType: body.restaurant_type,
          email: body.email,
          phone: body.phone,
          address: body.address ?? '',
          city: body.city,
          state: body.state,
          country: body.country,
          zipCode: body.zip_code,
          latitude: body.latitude ?? null,
          longitude: body.longitude ?? null,
          numberOfTables: body.number_of_tables,
          openingHours: withClosingDays(body.opening_hours),
          timezone: body.timezone,
          token: newMenuToken(),
          tableSecret: newTableSecret(),
        });
      } catch (error) {
        // The unique index on owner_id decides between two concurrent submits.
        if (isUniqueViolation(error)) throw alreadyExists();
        throw error;
      }
      // docs/product/restaurant-setup.md#restaurant: the restaurant is then linked to the owner's subscription. The spec's
      // client also asks for it, and a failure is only logged there too.
      await subscriptions
        .linkRestaurant(ownerId, ownerId)
        .catch((error) =>
          log.error(
            { err: error, restaurantId: created.id },
            'could not link the restaurant to its subscription',
          ),
        );
      return { message: text.created, restaurant_id: created.id, token: created.token };
    },

    /** The full record for its owner (callerId), the public fields for anyone else (callerId 0). */
    async get(callerId: number, restaurantId: number): Promise<GetRestaurantResponse> {
      const row = await repo.findById(db, restaurantId);
      if (!row) throw restaurantNotFound();
      return { data: row.ownerId === callerId ? toRestaurant(row) : toRestaurantPublic(row) };
    },

    /** Only the editable fields change; the read-only ones the client echoes are ignored. */
    async update(
      actor: Actor,
      restaurantId: number,
      body: UpdateRestaurantBody,
    ): Promise<UpdateRestaurantResponse> {
      const { ownerId } = actor;
      const changes = withoutUndefined({
        name: body.restaurant_name,
        description: body.description,
        restaurantType: body.restaurant_type,
        numberOfTables: body.number_of_tables,
        openingHours: body.opening_hours && withClosingDays(body.opening_hours),
        timezone: body.timezone,
      });
      const row = Object.keys(changes).length
        ? await db.transaction(async (tx) => {
            const before = await repo.findOwned(tx, restaurantId, ownerId, { lock: true });
            const after = before && (await repo.updateOwned(tx, restaurantId, ownerId, changes));
            if (!before || !after) return undefined;
            await recordChanges(
              tx,
              actor,
              {
                restaurantId: after.id,
                action: 'restaurant.updated',
                objectType: 'restaurant',
                objectId: after.id,
              },
              toRestaurant(before),
              toRestaurant(after),
            );
            return after;
          })
        : await repo.findOwned(db, restaurantId, ownerId);
      if (!row) throw restaurantNotFound();
      events.emit('restaurant.changed', { restaurantId: row.id });
      return { message: text.updated, data: toRestaurant(row) };
    },

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
