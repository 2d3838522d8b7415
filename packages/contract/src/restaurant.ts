import { z } from 'zod';
import {
  email,
  id,
  ignored,
  latitude,
  longitude,
  optionalText,
  phone,
  requiredText,
  timeZone,
} from './fields';
import { OpeningHours } from './opening-hours';
import { PageQuery, Pagination } from './pagination';

export { OpeningHours, OpeningHoursDay } from './opening-hours';

/** Restaurant search (landing page): starts above 2 characters (docs/product/restaurant-setup.md#restaurant-search). */
export const SEARCH_MIN_CHARS = 3;

export const RestaurantSearchQuery = PageQuery.extend({
  query: requiredText('Search', 100, {
    min: SEARCH_MIN_CHARS,
    messages: { required: `Search needs at least ${SEARCH_MIN_CHARS} characters` },
  }),
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

/** Restaurant set-up and editing (docs/product/restaurant-setup.md#restaurant, docs/product/restaurant-setup.md#create-restaurant). */
export const MAX_TABLES = 1000;

const numberOfTables = z
  .number('Number of tables must be a whole number')
  .int('Number of tables must be a whole number')
  .min(0, 'Number of tables must be 0 or more')
  .max(MAX_TABLES, `Number of tables must be at most ${MAX_TABLES}`);

const editableFields = {
  restaurant_name: requiredText('Restaurant name', 100),
  description: optionalText('Description', 500, { multiline: true }),
  restaurant_type: requiredText('Restaurant type', 100),
  number_of_tables: numberOfTables,
  opening_hours: OpeningHours,
  /** IANA name, taken from the owner's browser at creation (docs/product/restaurant-setup.md#restaurant). */
  timezone: timeZone,
};

export const CreateRestaurantBody = z.strictObject({
  ...editableFields,
  address: optionalText('Address', 200),
  email,
  phone,
  city: requiredText('City'),
  state: requiredText('State'),
  country: requiredText('Country'),
  zip_code: requiredText('Zip code', 20),
  latitude: latitude.nullish(),
  longitude: longitude.nullish(),
  /** The spec's client sends it; it must be the caller's own id. */
  user_id: z.number().int().positive().optional(),
});
export type CreateRestaurantBody = z.infer<typeof CreateRestaurantBody>;

/**
 * Fields the edit form shows read-only (docs/product/restaurant-setup.md#edit-restaurant). The spec's client sends
 * the whole form, so they are accepted and ignored; `name` is the record's copy of
 * restaurant_name, sent back with the loaded record.
 */
const readOnly = ignored();

/** Only the editable fields change; any other unknown field is a 400. */
export const UpdateRestaurantBody = z.strictObject({
  ...z.object(editableFields).partial().shape,
  email: readOnly,
  phone: readOnly,
  address: readOnly,
  city: readOnly,
  state: readOnly,
  country: readOnly,
  zip_code: readOnly,
  token: readOnly,
  restaurant_id: readOnly,
  user_id: readOnly,
  latitude: readOnly,
  longitude: readOnly,
  name: readOnly,
});
export type UpdateRestaurantBody = z.infer<typeof UpdateRestaurantBody>;

export const RestaurantIdParams = z.strictObject({ restaurant_id: id });

/** What anyone may read about a restaurant: no owner id, no email, no menu token. */
export const RestaurantPublic = z.object({
  restaurant_id: z.number().int(),
  restaurant_name: z.string(),
  /** The same value as restaurant_name (the spec's client reads both). */
  name: z.string(),
  description: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  phone: z.string(),
  restaurant_type: z.string(),
  number_of_tables: z.number().int(),
  opening_hours: OpeningHours,
  timezone: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type RestaurantPublic = z.infer<typeof RestaurantPublic>;

/** The full record, for its owner. */
export const Restaurant = RestaurantPublic.extend({
  email: z.string(),
  country: z.string(),
  zip_code: z.string(),
  user_id: z.number().int(),
  token: z.string(),
});
export type Restaurant = z.infer<typeof Restaurant>;

export const CreateRestaurantResponse = z.object({
  message: z.string(),
  restaurant_id: z.number().int(),
  token: z.string(),
});
export type CreateRestaurantResponse = z.infer<typeof CreateRestaurantResponse>;

/** The owner gets the full record, anyone else the public fields. */
export const GetRestaurantResponse = z.object({ data: z.union([Restaurant, RestaurantPublic]) });
export type GetRestaurantResponse = z.infer<typeof GetRestaurantResponse>;

export const UpdateRestaurantResponse = z.object({ message: z.string(), data: Restaurant });
export type UpdateRestaurantResponse = z.infer<typeof UpdateRestaurantResponse>;

/** docs/product/restaurant-setup.md#create-restaurant / Update restaurant, and the server's own texts. */
export const restaurantMessages = {
  createFailed: 'Error creating restaurant',
  updateFailed: 'Error updating restaurant',
  updated: 'Restaurant updated successfully',
} as const;

export const restaurantServerMessages = {
  created: 'Restaurant created successfully',
  updated: restaurantMessages.updated,
  alreadyExists: 'You already have a restaurant',
  notFound: 'Restaurant not found',
} as const;
