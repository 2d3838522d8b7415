import { type OpeningHours, withClosingDays } from '@tableserve/contract/opening-hours';
import {
  CreateRestaurantBody,
  type Restaurant,
  type RestaurantPublic,
} from '@tableserve/contract/restaurant';
import type { z } from 'zod';
import { type FieldErrors, fieldErrorsFromIssues } from '@/lib/field-errors';
import { defaultOpeningHours } from '@/lib/opening-hours';
import type { PickedAddress } from './place-to-address';

/** The fields the owner may change at any time (docs/product/restaurant-setup.md#edit-restaurant); text as typed. */
export type RestaurantDetailsForm = {
  restaurant_name: string;
  description: string;
  restaurant_type: string;
  /** Kept as typed so a half-typed value is not turned into 0. */
  number_of_tables: string;
  opening_hours: OpeningHours;
  timezone: string;
};

/** Contact and address: set once at creation, read-only afterwards. */
export type RestaurantContactForm = {
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  country: string;
  zip_code: string;
};

/** Set by a Places pick (docs/product/platform.md#maps); typed addresses have none. */
export type Coordinates = { latitude: number; longitude: number };

export type CreateRestaurantForm = RestaurantDetailsForm &
  RestaurantContactForm & { coordinates: Coordinates | null };

export function emptyCreateForm(timezone: string): CreateRestaurantForm {
  return {
    restaurant_name: '',
    description: '',
    restaurant_type: '',
    number_of_tables: '',
    opening_hours: defaultOpeningHours(),
    timezone,
    email: '',
    phone: '',
    address: '',
    city: '',
    state: '',
    country: '',
    zip_code: '',
    coordinates: null,
  };
}

/** The address fields a Places pick fills (docs/product/restaurant-setup.md#restaurant); the rest of the form is kept. */
export const PICKED_ADDRESS_FIELDS = ['address', 'city', 'state', 'country', 'zip_code'] as const;

/**
 * A picked place written into the form. Its coordinates stay with the form until another pick,
 * even when the owner then corrects a field by hand (a zip code, a suite number).
 */
export function withPickedAddress(form: CreateRestaurantForm, picked: PickedAddress): CreateRestaurantForm {
  const next = { ...form };
  for (const field of PICKED_ADDRESS_FIELDS) next[field] = picked[field];
  next.coordinates =
    picked.latitude === null || picked.longitude === null
      ? null
      : { latitude: picked.latitude, longitude: picked.longitude };
  return next;
}

/** The typed table count as a number; empty stays missing so the schema says it is required. */
function tablesValue(typed: string): number | undefined {
  const trimmed = typed.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

function detailsInput(form: RestaurantDetailsForm) {
  return {
    restaurant_name: form.restaurant_name,
    description: form.description,
    restaurant_type: form.restaurant_type,
    number_of_tables: tablesValue(form.number_of_tables),
    opening_hours: withClosingDays(form.opening_hours),
    timezone: form.timezone,
  };
}

export type Validation<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

function validate<T>(schema: z.ZodType<T>, input: unknown): Validation<T> {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: fieldErrorsFromIssues(parsed.error.issues) };
}

/** The create form checked with the server's own schema, so client and server agree. */
export function validateCreateForm(form: CreateRestaurantForm): Validation<CreateRestaurantBody> {
  return validate(CreateRestaurantBody, {
    ...detailsInput(form),
    email: form.email,
    phone: form.phone,
    address: form.address,
    city: form.city,
    state: form.state,
    country: form.country,
    zip_code: form.zip_code,
    // Only a picked address has them; a typed one sends the same payload as without maps.
    ...form.coordinates,
  });
}

/** The editable fields, every one required, as the create schema defines them. */
export const RestaurantDetailsBody = CreateRestaurantBody.pick({
  restaurant_name: true,
  description: true,
  restaurant_type: true,
  number_of_tables: true,
  opening_hours: true,
  timezone: true,
});
export type RestaurantDetailsBody = z.infer<typeof RestaurantDetailsBody>;

export function validateDetailsForm(form: RestaurantDetailsForm): Validation<RestaurantDetailsBody> {
  return validate(RestaurantDetailsBody, detailsInput(form));
}

/** A loaded restaurant as the edit form's values. */
export function detailsFormFrom(restaurant: RestaurantPublic): RestaurantDetailsForm {
  return {
    restaurant_name: restaurant.restaurant_name,
    description: restaurant.description,
    restaurant_type: restaurant.restaurant_type,
    number_of_tables: String(restaurant.number_of_tables),
    opening_hours: restaurant.opening_hours,
    timezone: restaurant.timezone,
  };
}

/** The read-only part; the public view of someone else's restaurant lacks email, country and zip code. */
export function contactFrom(restaurant: RestaurantPublic | Restaurant): RestaurantContactForm {
  const owned = 'email' in restaurant ? restaurant : undefined;
  return {
    email: owned?.email ?? '',
    phone: restaurant.phone,
    address: restaurant.address,
    city: restaurant.city,
    state: restaurant.state,
    country: owned?.country ?? '',
    zip_code: owned?.zip_code ?? '',
  };
}
