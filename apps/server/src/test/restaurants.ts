import type { PaymentTiming } from '@tableserve/contract/bill';
import { WEEKDAYS, type Weekday } from '@tableserve/contract/opening-hours';
import type { CreateRestaurantBody } from '@tableserve/contract/restaurant';
import { eq } from 'drizzle-orm';
import { restaurants, subscriptions } from '../db/schema';
import { tableKeyOf } from '../modules/restaurants/table-keys';
import { registerVerifiedOwner } from './owners';
import type { TestApp } from './test-app';

export type Owner = Awaited<ReturnType<typeof registerVerifiedOwner>>;

/** Subscribes the owner to the first plan with the test card, through the API. */
export async function subscribe(t: TestApp, owner: Owner) {
  const plans = (await t.app.inject({ method: 'GET', url: '/api/v1/subscription/plans' })).json()
    .plans as Array<{ plan_id: number }>;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/subscription/create-subscription',
    headers: owner.auth,
    payload: { user_id: owner.userId, plan_id: plans[0]!.plan_id, payment_method_id: 'pm_card_visa' },
  });
  if (response.statusCode !== 201) throw new Error(`subscribe failed: ${response.body}`);
}

/** A verified, logged-in owner with an active subscription. */
export async function subscribedOwner(t: TestApp): Promise<Owner> {
  const owner = await registerVerifiedOwner(t);
  await subscribe(t, owner);
  return owner;
}

/** Ends the owner's subscription behind the API's back (as the lifecycle sweep would). */
export async function expireSubscription(t: TestApp, owner: Owner) {
  await t.app.database.db
    .update(subscriptions)
    .set({ status: 'expired' })
    .where(eq(subscriptions.userId, owner.userId));
  // Written behind the app's back, so the app is told, as every subscription change tells it.
  t.app.domainEvents.emit('subscription.changed', { ownerId: owner.userId });
}

type Day = { open: string; close: string; closing_day?: string; pickup: boolean };

export function openingHours(overrides: Partial<Record<Weekday, Partial<Day>>> = {}) {
  return Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      { open: '11:00', close: '22:00', closing_day: day, pickup: true, ...overrides[day] },
    ]),
  ) as CreateRestaurantBody['opening_hours'];
}

let counter = 0;

/** A create-restaurant form as the web client sends it; unique names, away from the demo's city. */
export function restaurantBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    restaurant_name: `Blue Door Bistro ${counter}`,
    description: 'Seasonal plates and natural wine.',
    address: '12 Harbor Rd',
    email: `bistro${counter}@example.com`,
    phone: '5035550100',
    city: 'Portland',
    state: 'OR',
    country: 'United States',
    zip_code: '97201',
    restaurant_type: 'Bistro',
    number_of_tables: 8,
    latitude: 45.52,
    longitude: -122.68,
    opening_hours: openingHours(),
    timezone: 'America/Los_Angeles',
    ...overrides,
  };
}

/** Creates the owner's restaurant through the API and returns its id and menu token. */
export async function createRestaurant(t: TestApp, owner: Owner, overrides: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/restaurant/create-restaurant',
    headers: owner.auth,
    payload: restaurantBody(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`create restaurant failed: ${response.body}`);
  const { restaurant_id, token } = response.json() as { restaurant_id: number; token: string };
  return { restaurantId: restaurant_id, token };
}

/** A subscribed owner with a restaurant. */
export async function ownerWithRestaurant(t: TestApp, overrides: Record<string, unknown> = {}) {
  const owner = await subscribedOwner(t);
  return { owner, ...(await createRestaurant(t, owner, overrides)) };
}

/**
 * Table `table`'s key as its printed card carries it now (docs/decisions/025-table-keys.md), made
 * from the stored secret as the server makes the cards.
 */
export async function tableKeyFor(t: TestApp, restaurantId: number, table: number): Promise<string> {
  const [row] = await t.app.database.db
    .select({ id: restaurants.id, tableSecret: restaurants.tableSecret })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!row) throw new Error(`no restaurant ${restaurantId}`);
  return tableKeyOf(row, table);
}

/** Sets how the restaurant's diners pay, straight in its row, and drops its cached menu. */
export async function setPaymentTiming(t: TestApp, restaurantId: number, timing: PaymentTiming) {
  await t.app.database.db
    .update(restaurants)
    .set({ paymentTiming: timing })
    .where(eq(restaurants.id, restaurantId));
  t.app.publishedMenus.invalidate(restaurantId);
}
