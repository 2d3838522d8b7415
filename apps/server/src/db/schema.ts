import { MENU_CATEGORIES } from '@tableserve/contract/menu';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp('updated_at', { withTimezone: true })
  .notNull()
  .defaultNow()
  .$onUpdate(() => new Date());

/** Restaurant owners (owner-side spec §3 Registration payload and User profile). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    phone: varchar('phone', { length: 10 }).notNull(),
    address: varchar('address', { length: 200 }).notNull(),
    city: varchar('city', { length: 100 }).notNull(),
    state: varchar('state', { length: 100 }).notNull(),
    zipCode: varchar('zip_code', { length: 20 }).notNull(),
    country: varchar('country', { length: 100 }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (table) => [uniqueIndex('users_email_unique').on(sql`lower(${table.email})`)],
);

export const emailTokenPurpose = pgEnum('email_token_purpose', ['verify_email', 'reset_password']);

/**
 * Single-use tokens sent by email. Only a SHA-256 of the token is stored, so a database leak
 * does not hand out working links.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: emailTokenPurpose('purpose').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt,
  },
  (table) => [
    uniqueIndex('email_tokens_hash_unique').on(table.tokenHash),
    index('email_tokens_user_idx').on(table.userId),
  ],
);

export type OpeningHoursDay = { open: string; close: string; closing_day: string; pickup: boolean };
export type OpeningHours = Record<string, OpeningHoursDay>;

/** A restaurant (owner-side spec §3 Restaurant); one per owner. */
export const restaurants = pgTable(
  'restaurants',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }).notNull().default(''),
    restaurantType: varchar('restaurant_type', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 10 }).notNull(),
    address: varchar('address', { length: 200 }).notNull().default(''),
    city: varchar('city', { length: 100 }).notNull(),
    state: varchar('state', { length: 100 }).notNull(),
    country: varchar('country', { length: 100 }).notNull(),
    zipCode: varchar('zip_code', { length: 20 }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    numberOfTables: integer('number_of_tables').notNull().default(0),
    openingHours: jsonb('opening_hours').$type<OpeningHours>().notNull(),
    timezone: varchar('timezone', { length: 64 }).notNull().default('UTC'),
    /** The public menu token encoded in the QR code: random, URL-safe, 128+ bits. */
    token: varchar('token', { length: 64 }).notNull(),
    createdAt,
    updatedAt,
  },
  (table) => [
    uniqueIndex('restaurants_owner_unique').on(table.ownerId),
    uniqueIndex('restaurants_token_unique').on(table.token),
  ],
);

export const menuCategory = pgEnum('menu_category', MENU_CATEGORIES);

/** A menu item (owner-side spec §3 Menu item). Deleting is soft so past orders keep their lines. */
export const menuItems = pgTable(
  'menu_items',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    description: varchar('description', { length: 200 }).notNull(),
    priceCents: integer('price_cents').notNull(),
    category: menuCategory('category').notNull(),
    image: varchar('image', { length: 1000 }),
    available: boolean('available').notNull().default(true),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (table) => [index('menu_items_restaurant_idx').on(table.restaurantId)],
);
