import { PAYMENT_STATES, PAYMENT_TIMINGS } from '@tableserve/contract/bill';
import { type Allergen, type DietaryTag, MENU_CATEGORIES } from '@tableserve/contract/menu';
import { ORDER_STATUSES, ORDER_TYPES } from '@tableserve/contract/order';
import { AUDIT_ACTOR_KINDS, STAFF_ROLES } from '@tableserve/contract/staff-roles';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
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

/** Restaurant owners (docs/product/accounts.md#owner-register). */
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
    /** Bumped by a password reset or "log out everywhere": every token of an older version stops working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt,
    updatedAt,
  },
  (table) => [uniqueIndex('users_email_unique').on(sql`lower(${table.email})`)],
);

export const paymentTiming = pgEnum('payment_timing', PAYMENT_TIMINGS);
export const orderPaymentState = pgEnum('order_payment_state', PAYMENT_STATES);

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

/** A restaurant (docs/product/restaurant-setup.md#restaurant); one per owner. */
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
    /**
     * The secret each table's key is derived from (docs/decisions/025-table-keys.md): never sent,
     * replaced with the token by Replace all codes. The app writes 256 random bits; the default
     * (244, from two UUIDs) gives each row already there a secret of its own when it is added.
     */
    tableSecret: varchar('table_secret', { length: 64 })
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /** When diners pay (docs/decisions/020-money-model.md): at the counter, as today, by default. */
    paymentTiming: paymentTiming('payment_timing').notNull().default('counter'),
    /** EU and UK menus show prices with tax; US menus add it. */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    /** In thousandths of a percent (contract bill.ts); 0 for none. */
    serviceChargeRate: integer('service_charge_rate').notNull().default(0),
    /** Only parties of this many or more pay the service charge; null for every order. */
    serviceChargeMinParty: integer('service_charge_min_party'),
    /** The restaurant's Stripe Connect account (acct_…): card payments go to it when Stripe is on. */
    stripeAccountId: varchar('stripe_account_id', { length: 64 }),
    /** The restaurant's tax registration (VAT, GST, EIN…), printed on its receipts; null: none. */
    taxRegistrationNumber: varchar('tax_registration_number', { length: 40 }),
    createdAt,
    updatedAt,
  },
  (table) => [
    check('restaurants_service_charge_rate', sql`${table.serviceChargeRate} between 0 and 30000`),
    uniqueIndex('restaurants_owner_unique').on(table.ownerId),
    uniqueIndex('restaurants_token_unique').on(table.token),
  ],
);

/**
 * A restaurant's tax rates (docs/decisions/020-money-model.md): food 7 %, alcohol 20 %. Each
 * dish names one; a dish that names none is taxed at the default rate, if there is one. Orders
 * copy the name and rate, so changing or deleting a rate never changes a past order.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    /** Thousandths of a percent: 7 % is 7000. */
    rate: integer('rate').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt,
    updatedAt,
  },
  (table) => [
    index('tax_rates_restaurant_idx').on(table.restaurantId),
    uniqueIndex('tax_rates_one_default').on(table.restaurantId).where(sql`${table.isDefault}`),
    check('tax_rates_rate_range', sql`${table.rate} between 0 and 100000`),
  ],
);

export const menuCategory = pgEnum('menu_category', MENU_CATEGORIES);

/** A menu item (docs/product/menu.md#menu-items). Deleting is soft so past orders keep their lines. */
/** An option group as stored on its item: ids unique within the item, prices in cents. */
export type StoredOptionGroup = {
  id: number;
  name: string;
  minChoices: number;
  maxChoices: number;
  options: { id: number; name: string; priceDeltaCents: number }[];
};
/** An order line's chosen option, copied from the item when the order was placed. */
export type StoredChosenOption = { id: number; group: string; name: string; priceDeltaCents: number };

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
    /**
     * docs/decisions/012-allergens-and-dietary-tags.md. Text arrays rather than enum arrays: the lists are checked by the
     * contract on the way in, and a tag added later needs no ALTER TYPE.
     */
    allergens: text('allergens').array().$type<Allergen[]>().notNull().default(sql`'{}'::text[]`),
    dietaryTags: text('dietary_tags').array().$type<DietaryTag[]>().notNull().default(sql`'{}'::text[]`),
    /**
     * docs/decisions/015-stock-and-sold-out.md: portions left, or null when the restaurant does not count them. 0 is sold
     * out (the kitchen's "86"). Orders take from it in their own transaction; the check makes an
     * oversell impossible even for a statement that forgot to look (ADR 015).
     */
    stock: integer('stock'),
    /**
     * docs/decisions/017-item-options.md (ADR 017): the item's option groups, read and replaced whole with the item,
     * so JSON on its row rather than two tables joined on every menu read.
     */
    optionGroups: jsonb('option_groups').$type<StoredOptionGroup[]>().notNull().default([]),
    /** Its tax rate; null: the restaurant's default rate, or none. */
    taxRateId: integer('tax_rate_id').references(() => taxRates.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (table) => [
    index('menu_items_restaurant_idx').on(table.restaurantId),
    check('menu_items_stock_not_negative', sql`${table.stock} >= 0`),
  ],
);

/** Monthly plans (docs/product/subscriptions.md#plans); the three of the pricing page are seeded by migration. */
export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 40 }).notNull().unique(),
  name: varchar('name', { length: 100 }).notNull(),
  description: varchar('description', { length: 500 }).notNull(),
  priceCents: integer('price_cents').notNull(),
  durationDays: integer('duration_days').notNull().default(30),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * incomplete: a payment is under way (held only for the seconds of the charge; it reserves the
 * owner's one live subscription so two payments cannot both start one).
 */
export const subscriptionStatus = pgEnum('subscription_status', [
  'incomplete',
  'active',
  'canceled',
  'expired',
  'grace_period',
]);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    restaurantId: integer('restaurant_id').references(() => restaurants.id, { onDelete: 'set null' }),
    status: subscriptionStatus('status').notNull(),
    /** When the subscription began; cancellation is allowed from day 5 after it. */
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    /** End of the paid period: the next billing date while it renews. */
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    gracePeriodEndDate: timestamp('grace_period_end_date', { withTimezone: true }),
    couponId: varchar('coupon_id', { length: 64 }),
    /** What the current period cost after any coupon: the cap of a pro-rated refund. */
    lastPaymentCents: integer('last_payment_cents').notNull().default(0),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerCustomerId: varchar('provider_customer_id', { length: 255 }),
    providerSubscriptionId: varchar('provider_subscription_id', { length: 255 }),
    paymentMethodId: varchar('payment_method_id', { length: 255 }).notNull(),
    createdAt,
    updatedAt,
  },
  (table) => [
    index('subscriptions_user_idx').on(table.userId),
    index('subscriptions_provider_subscription_idx').on(table.providerSubscriptionId),
    // One live subscription per owner, enforced by the database even under concurrent payments.
    uniqueIndex('subscriptions_one_live_per_user')
      .on(table.userId)
      .where(sql`${table.status} in ('incomplete', 'active', 'grace_period')`),
  ],
);

/** Discount codes (docs/product/subscriptions.md#coupons): percent off, or a fixed amount in cents. */
export const coupons = pgTable('coupons', {
  code: varchar('code', { length: 64 }).primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  percentOff: integer('percent_off'),
  amountOffCents: integer('amount_off_cents'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** Restricts the coupon to one plan; null means any plan. */
  applicablePlanId: integer('applicable_plan_id').references(() => plans.id),
  active: boolean('active').notNull().default(true),
  createdAt,
});

export const paymentKind = pgEnum('payment_kind', ['initial', 'renewal', 'refund']);
export const paymentStatus = pgEnum('payment_status', ['succeeded', 'failed']);

/** Every charge, failed charge and refund: the owner's billing history and our audit trail. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    kind: paymentKind('kind').notNull(),
    status: paymentStatus('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerPaymentId: varchar('provider_payment_id', { length: 255 }),
    failureMessage: varchar('failure_message', { length: 500 }),
    createdAt,
  },
  (table) => [index('payments_user_idx').on(table.userId)],
);

/**
 * Responses remembered per Idempotency-Key, so a retried or double-clicked request is answered
 * once. A row without a response is a request still in progress.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    scope: varchar('scope', { length: 100 }).notNull(),
    key: varchar('key', { length: 255 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt,
  },
  (table) => [uniqueIndex('idempotency_keys_scope_key_unique').on(table.scope, table.key)],
);

/** Webhook events already applied: a provider's retry or replay of an event changes nothing. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  eventId: varchar('event_id', { length: 255 }).primaryKey(),
  type: varchar('type', { length: 100 }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Diners (docs/product/accounts.md#diner-accounts). A registered diner is an account by email; a guest
 * is a customer row with is_guest and no password, so several guest visits may share an email.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    /** Where the diner signed up; their account works at every restaurant. */
    restaurantId: integer('restaurant_id').references(() => restaurants.id, { onDelete: 'set null' }),
    customerName: varchar('customer_name', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phoneNumber: varchar('phone_number', { length: 10 }).notNull(),
    passwordHash: text('password_hash'),
    isGuest: boolean('is_guest').notNull().default(false),
    /** As users.token_version: a password reset or "log out everywhere" ends every earlier session. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt,
    updatedAt,
  },
  (table) => [
    uniqueIndex('customers_registered_email_unique')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.isGuest} = false`),
  ],
);

/** Single-use password reset tokens of diners, stored as SHA-256 like the owners'. */
export const customerResetTokens = pgTable(
  'customer_reset_tokens',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt,
  },
  (table) => [uniqueIndex('customer_reset_tokens_hash_unique').on(table.tokenHash)],
);

export const orderStatus = pgEnum('order_status', ORDER_STATUSES);
export const orderType = pgEnum('order_type', ORDER_TYPES);

/** A diner's order. Lines keep the name and price of the moment; menu edits never rewrite it. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    customerName: varchar('customer_name', { length: 100 }).notNull(),
    phoneNumber: varchar('phone_number', { length: 10 }).notNull(),
    orderType: orderType('order_type').notNull(),
    tableNumber: integer('table_number'),
    status: orderStatus('status').notNull().default('Pending'),
    /**
     * What the order costs before tips (docs/decisions/020-money-model.md): the lines' amounts
     * (subtotal), the tax when prices exclude it, and the service charge.
     */
    totalCents: integer('total_cents').notNull(),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    /** The lines' taxes: added to the total, or contained in it when tax_included. */
    taxCents: integer('tax_cents').notNull().default(0),
    taxIncluded: boolean('tax_included').notNull().default(false),
    serviceCents: integer('service_cents').notNull().default(0),
    /** How many diners the order is for, when it was asked (the service charge's minimum party). */
    partySize: integer('party_size'),
    /** The restaurant's payment timing when the order was placed: a later change leaves it. */
    paymentTiming: paymentTiming('payment_timing').notNull().default('counter'),
    paymentState: orderPaymentState('payment_state').notNull().default('unpaid'),
    /** Paid when ordering, not paid yet: the staff and the kitchen do not see it until it is. */
    awaitingPayment: boolean('awaiting_payment').notNull().default(false),
    /** The bill it is paid on (online payment); null for an order paid at the counter. */
    billId: integer('bill_id').references((): AnyPgColumn => bills.id, { onDelete: 'set null' }),
    refundedCents: integer('refunded_cents').notNull().default(0),
    orderTime: varchar('order_time', { length: 5 }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The note of a walk-in or phone order entered by the owner (docs/product/staff-screens.md#owner-place-order). */
    otherOrderDetails: varchar('other_order_details', { length: 500 }),
    /**
     * When the order reached Approved and Ready (docs/decisions/014-kitchen-analytics.md, ADR 014), written by the
     * statement that changes the status; null for a step it skipped and for orders from before.
     */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (table) => [
    // The staff's lists, newest or oldest first, and a business day's span: live orders only.
    index('orders_restaurant_live_created_idx')
      .on(table.restaurantId, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    // Order Summary's status filters and the paid counter.
    index('orders_restaurant_live_status_idx')
      .on(table.restaurantId, table.status, table.createdAt)
      .where(sql`${table.deletedAt} is null`),
    index('orders_customer_idx').on(table.customerId),
    index('orders_bill_idx').on(table.billId).where(sql`${table.billId} is not null`),
    // The unpaid-orders sweep, every minute: the few orders awaiting payment, not a scan of all.
    index('orders_awaiting_payment_idx')
      .on(table.createdAt)
      .where(sql`${table.awaitingPayment} and ${table.status} = 'Pending' and ${table.deletedAt} is null`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    menuItemId: integer('menu_item_id').references(() => menuItems.id, { onDelete: 'set null' }),
    productName: varchar('product_name', { length: 50 }).notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** What was chosen, as it was then (docs/decisions/017-item-options.md): like the name and price, a copy. */
    options: jsonb('options').$type<StoredChosenOption[]>().notNull().default([]),
    /**
     * Portions of this line its item's count still owes it (ADR 015, amended): what it took, less
     * what it gave back; a cancellation, deletion or edit gives back at most this. Setting the
     * count forfeits it (0): the new count is what is left, whatever orders held before.
     */
    stockTaken: integer('stock_taken').notNull().default(0),
    /** The tax rate of the moment (docs/decisions/020-money-model.md): a copy, like the price. */
    taxName: varchar('tax_name', { length: 50 }),
    taxRate: integer('tax_rate').notNull().default(0),
    /** The line's tax, rounded once (per line, half up). */
    taxCents: integer('tax_cents').notNull().default(0),
    /** The line's share of the order's service charge. */
    serviceCents: integer('service_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
  },
  (table) => [
    index('order_items_order_idx').on(table.orderId),
    // Only the lines holding portions: what setting an item's count forfeits, found without a scan.
    index('order_items_stock_held_idx').on(table.menuItemId).where(sql`${table.stockTaken} > 0`),
    check(
      'order_items_stock_taken_within_quantity',
      sql`${table.stockTaken} between 0 and ${table.quantity}`,
    ),
  ],
);

export const staffRole = pgEnum('staff_role', STAFF_ROLES);
export const actorKind = pgEnum('actor_kind', AUDIT_ACTOR_KINDS);

/**
 * People the owner invited (docs/product/staff.md#staff-accounts). A row exists from the
 * invitation on; the password is set when the invitation is accepted. A removed member keeps
 * their row, so the audit trail still names them, and can never sign in again.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    role: staffRole('role').notNull(),
    /** Null until the invitation is accepted. */
    passwordHash: text('password_hash'),
    /** As users.token_version: a removal or a password reset ends every session at once. */
    tokenVersion: integer('token_version').notNull().default(0),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (table) => [
    // One live membership per email, so the login page knows whose it is.
    uniqueIndex('staff_members_live_email_unique')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.removedAt} is null`),
    index('staff_members_restaurant_idx').on(table.restaurantId),
  ],
);

/** Invitation links: single use, 72 hours, stored as SHA-256 like the owners' email tokens. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt,
  },
  (table) => [
    uniqueIndex('staff_invitations_hash_unique').on(table.tokenHash),
    index('staff_invitations_staff_idx').on(table.staffId),
  ],
);

/**
 * Shared tablets paired with a code (docs/decisions/019-device-credentials.md). The device holds a
 * long-lived credential, stored here only as SHA-256 and replaced each time it is used; revoking
 * the device raises its token version and ends its sessions at once.
 */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    role: staffRole('role').notNull(),
    credentialHash: varchar('credential_hash', { length: 64 }).notNull(),
    /** The credential it replaced, accepted for a short grace so a lost answer is not a sign-out. */
    previousCredentialHash: varchar('previous_credential_hash', { length: 64 }),
    /**
     * Credentials issued by this rotation and replaced by a retry with the previous one before
     * anyone used them: shown later, they prove a second holder (ADR 019).
     */
    supersededCredentialHashes: text('superseded_credential_hashes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
    tokenVersion: integer('token_version').notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt,
  },
  (table) => [
    uniqueIndex('devices_credential_unique').on(table.credentialHash),
    index('devices_restaurant_idx').on(table.restaurantId),
  ],
  // role is one of DEVICE_ROLES: checked by the service, the enum is shared with staff.
);

/** Six-digit pairing codes: single use, 10 minutes, stored as SHA-256. */
export const pairingCodes = pgTable(
  'pairing_codes',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    deviceName: varchar('device_name', { length: 60 }).notNull(),
    role: staffRole('role').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt,
  },
  (table) => [
    // Two live codes never match the same digits, so a code names one restaurant.
    uniqueIndex('pairing_codes_live_hash_unique').on(table.codeHash).where(sql`${table.usedAt} is null`),
    index('pairing_codes_restaurant_idx').on(table.restaurantId),
  ],
);

/**
 * Who did what, when, with the values before and after (docs/product/staff.md#audit-trail).
 * Written in the transaction of the change it records; never updated or deleted by the app. The
 * actor's name is copied, so the trail still reads right after a person is removed or renamed.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    actorKind: actorKind('actor_kind').notNull(),
    actorId: integer('actor_id').notNull(),
    actorName: varchar('actor_name', { length: 200 }).notNull(),
    action: varchar('action', { length: 40 }).notNull(),
    objectType: varchar('object_type', { length: 20 }).notNull(),
    objectId: integer('object_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt,
  },
  (table) => [
    index('audit_events_restaurant_time_idx').on(table.restaurantId, table.createdAt, table.id),
    index('audit_events_object_idx').on(table.restaurantId, table.objectType, table.objectId),
  ],
);

/**
 * What diners pay online (docs/decisions/020-money-model.md): one order paid when ordering, or a
 * table's orders at the end of the meal. At most one open bill per table; the bill closes once
 * its orders are paid in full.
 */
export const billStatus = pgEnum('bill_status', ['open', 'paid']);
export const bills = pgTable(
  'bills',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** The table of an end-of-meal bill; null for an order paid when ordering. */
    tableNumber: integer('table_number'),
    status: billStatus('status').notNull().default('open'),
    /** Raised by every payment, refund and order added: what a diner's screen last saw. */
    version: integer('version').notNull().default(1),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (table) => [
    uniqueIndex('bills_one_open_per_table')
      .on(table.restaurantId, table.tableNumber)
      .where(sql`${table.status} = 'open' and ${table.tableNumber} is not null`),
    index('bills_restaurant_idx').on(table.restaurantId, table.createdAt),
  ],
);

export const billPaymentStatus = pgEnum('bill_payment_status', ['pending', 'succeeded', 'failed']);
export const billSplitKind = pgEnum('bill_split_kind', ['all', 'even', 'amount', 'items']);

/**
 * One diner's card payment towards a bill. Pending from the moment it reserves its amount (and
 * its items) until the provider's signed webhook confirms or refuses it; only then is it money.
 */
export const billPayments = pgTable(
  'bill_payments',
  {
    id: serial('id').primaryKey(),
    billId: integer('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    status: billPaymentStatus('status').notNull().default('pending'),
    splitKind: billSplitKind('split_kind').notNull(),
    /** What it pays of the bill, tip excluded. */
    amountCents: integer('amount_cents').notNull(),
    tipCents: integer('tip_cents').notNull().default(0),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerPaymentId: varchar('provider_payment_id', { length: 255 }),
    cardBrand: varchar('card_brand', { length: 20 }),
    cardLast4: varchar('card_last4', { length: 4 }),
    failureMessage: varchar('failure_message', { length: 500 }),
    /** Where the receipt goes; null: none asked. */
    receiptEmail: varchar('receipt_email', { length: 254 }),
    /** SHA-256 of the secret that lets the payer download the receipt without an account. */
    receiptTokenHash: varchar('receipt_token_hash', { length: 64 }).notNull(),
    /** When the receipt was emailed: set once, before sending, so a repeated event sends none. */
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
    refundedCents: integer('refunded_cents').notNull().default(0),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (table) => [
    index('bill_payments_bill_idx').on(table.billId),
    index('bill_payments_restaurant_time_idx').on(table.restaurantId, table.createdAt),
    uniqueIndex('bill_payments_provider_payment_unique').on(table.providerPaymentId),
    check('bill_payments_amounts', sql`${table.amountCents} > 0 and ${table.tipCents} >= 0`),
  ],
);

/**
 * The items a payment pays for when a bill is split by items: share `share_index` of
 * `share_count` equal shares of a line. A share is paid once: a second diner claiming it at the
 * same moment hits the unique index and is told what is left.
 */
export const paymentClaims = pgTable(
  'payment_claims',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => billPayments.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    shareIndex: integer('share_index').notNull(),
    shareCount: integer('share_count').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (table) => [
    uniqueIndex('payment_claims_share_unique').on(table.orderItemId, table.shareIndex),
    index('payment_claims_payment_idx').on(table.paymentId),
    check(
      'payment_claims_share_range',
      sql`${table.shareCount} between 1 and 20 and ${table.shareIndex} between 0 and ${table.shareCount} - 1`,
    ),
  ],
);

export const refundStatus = pgEnum('refund_status', ['pending', 'succeeded', 'failed']);

/**
 * Money given back on an order (docs/decisions/020-money-model.md#refunds): by amount or by
 * lines, with a reason, confirmed by the provider's webhook. Automatic for a paid order that is
 * cancelled.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => billPayments.id, { onDelete: 'cascade' }),
    /** What it gives back of the payment's amount (tips apart). */
    amountCents: integer('amount_cents').notNull(),
    /** What it gives back of the payment's tip: only when nothing is due on the bill any more. */
    tipCents: integer('tip_cents').notNull().default(0),
    reason: varchar('reason', { length: 200 }).notNull(),
    /** The lines refunded and how much of each; empty for a refund by amount. */
    lines: jsonb('lines').$type<{ orderItemId: number; amountCents: number }[]>().notNull().default([]),
    status: refundStatus('status').notNull().default('pending'),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerRefundId: varchar('provider_refund_id', { length: 255 }),
    automatic: boolean('automatic').notNull().default(false),
    actorKind: actorKind('actor_kind'),
    actorId: integer('actor_id'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt,
  },
  (table) => [
    index('refunds_order_idx').on(table.orderId),
    // A bill's ledger reads its payments' refunds: by payment, not a scan of every refund.
    index('refunds_payment_idx').on(table.paymentId),
    index('refunds_restaurant_time_idx').on(table.restaurantId, table.createdAt),
    uniqueIndex('refunds_provider_refund_unique').on(table.providerRefundId),
    // The sweep that asks again for refunds never sent (the process stopped before it asked).
    index('refunds_unsent_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending' and ${table.providerRefundId} is null`),
    check(
      'refunds_amount_positive',
      sql`${table.amountCents} >= 0 and ${table.tipCents} >= 0 and ${table.amountCents} + ${table.tipCents} > 0`,
    ),
  ],
);
