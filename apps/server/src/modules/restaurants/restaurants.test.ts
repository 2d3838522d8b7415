import { restaurantServerMessages } from '@tableserve/contract/restaurant';
import { subscriptionServerMessages } from '@tableserve/contract/subscription';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants as restaurantsTable, subscriptions } from '../../db/schema';
import { seedDemoData } from '../../seed/demo';
import { signUpDiner } from '../../test/orders';
import { registerVerifiedOwner } from '../../test/owners';
import {
  createRestaurant,
  expireSubscription,
  type Owner,
  openingHours,
  ownerWithRestaurant,
  restaurantBody,
  subscribedOwner,
} from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app.database.db, { publicUrl: 'http://localhost:3000' });
});
afterAll(() => t.close());

const search = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/restaurant/search-restaurants?${query}` });

describe('restaurant search', () => {
  it('matches name or city, case-insensitively, with public fields only', async () => {
    for (const query of ['tratt', 'TRATTORIA', 'san fran']) {
      const response = await search(`query=${encodeURIComponent(query)}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.restaurants).toHaveLength(1);
      expect(Object.keys(body.restaurants[0]).sort()).toEqual([
        'city',
        'restaurant_id',
        'restaurant_name',
        'restaurant_type',
        'state',
        'token',
      ]);
      expect(body.pagination).toEqual({ page: 1, per_page: 10, total: 1, total_pages: 1 });
    }
  });

  it('lists only restaurants whose owner has a valid subscription', async () => {
    await t.app.database.db.update(subscriptions).set({ status: 'expired' });
    expect((await search('query=trattoria')).json().restaurants).toHaveLength(0);
    await t.app.database.db.update(subscriptions).set({ status: 'grace_period' });
    expect((await search('query=trattoria')).json().restaurants).toHaveLength(1);
    await t.app.database.db.update(subscriptions).set({ status: 'active' });
  });

  it('treats LIKE wildcards as plain text', async () => {
    expect((await search('query=%25%25%25')).json().restaurants).toHaveLength(0);
    expect((await search('query=___')).json().restaurants).toHaveLength(0);
  });

  it('needs at least 3 characters and caps the page size', async () => {
    const short = await search('query=tr');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Search needs at least 3 characters');
    expect((await search('query=trattoria&per_page=51')).statusCode).toBe(400);
    expect((await search('query=trattoria&page=0')).statusCode).toBe(400);
    expect((await search('query=trattoria&drop=table')).statusCode).toBe(400);
  });
});

const create = (owner: Owner | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/restaurant/create-restaurant',
    headers: owner?.auth ?? {},
    payload,
  });
const getRestaurant = (id: number | string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1/restaurant/get-restaurant/${id}`, headers });
const update = (owner: Owner | undefined, id: number | string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/restaurant/update-restaurant/${id}`,
    headers: owner?.auth ?? {},
    payload,
  });

const publicFields = [
  'address',
  'city',
  'description',
  'latitude',
  'longitude',
  'name',
  'number_of_tables',
  'opening_hours',
  'phone',
  'restaurant_id',
  'restaurant_name',
  'restaurant_type',
  'state',
  'timezone',
];
const ownerFields = [...publicFields, 'country', 'email', 'token', 'user_id', 'zip_code'].sort();

describe('create restaurant', () => {
  it('creates the owner’s restaurant with a random menu token and links it to the subscription', async () => {
    const owner = await subscribedOwner(t);
    const body = restaurantBody({ user_id: owner.userId });
    const response = await create(owner, body);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({
      message: restaurantServerMessages.created,
      restaurant_id: expect.any(Number),
      token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
    });

    const { data } = (await getRestaurant(created.restaurant_id, owner.auth)).json();
    expect(data).toMatchObject({
      restaurant_id: created.restaurant_id,
      restaurant_name: body.restaurant_name,
      name: body.restaurant_name,
      email: body.email,
      number_of_tables: 8,
      timezone: 'America/Los_Angeles',
      user_id: owner.userId,
      token: created.token,
      latitude: 45.52,
    });

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/subscription/subscription-status/${owner.userId}`,
      headers: owner.auth,
    });
    expect(status.json().restaurant_id).toBe(created.restaurant_id);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: owner.email, password: owner.password },
      remoteAddress: '10.77.0.1',
    });
    expect(login.json().resturant).toEqual({ restaurant_id: created.restaurant_id });
  });

  it('recomputes every closing day on the server, whatever the client sent', async () => {
    const owner = await subscribedOwner(t);
    const hours = openingHours({
      friday: { close: '01:00', closing_day: 'friday' },
      sunday: { close: '02:00', closing_day: 'sunday' },
      monday: { close: '23:00', closing_day: 'wednesday' },
      tuesday: { close: '05:59', closing_day: 'tuesday' },
    });
    const { restaurantId } = await createRestaurant(t, owner, { opening_hours: hours });
    const { data } = (await getRestaurant(restaurantId, owner.auth)).json();
    expect(data.opening_hours.friday).toEqual({
      open: '11:00',
      close: '01:00',
      closing_day: 'saturday',
      pickup: true,
    });
    expect(data.opening_hours.sunday.closing_day).toBe('monday');
    expect(data.opening_hours.monday.closing_day).toBe('monday');
    expect(data.opening_hours.tuesday.closing_day).toBe('wednesday');
    expect(data.opening_hours.wednesday.closing_day).toBe('wednesday');
  });

  it('allows one restaurant per owner, also when the form is submitted twice at once', async () => {
    const owner = await subscribedOwner(t);
    const results = await Promise.all([create(owner, restaurantBody()), create(owner, restaurantBody())]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toEqual({
      message: restaurantServerMessages.alreadyExists,
      code: 'RESTAURANT_EXISTS',
    });
    const again = await create(owner, restaurantBody());
    expect(again.statusCode).toBe(409);
    const rows = await t.app.database.db
      .select()
      .from(restaurantsTable)
      .where(eq(restaurantsTable.ownerId, owner.userId));
    expect(rows).toHaveLength(1);
  });

  it('needs an owner token, a valid subscription, and the caller’s own user_id', async () => {
    expect((await create(undefined, restaurantBody())).statusCode).toBe(401);

    const unsubscribed = await registerVerifiedOwner(t);
    const refused = await create(unsubscribed, restaurantBody());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: subscriptionServerMessages.subscriptionRequired,
      code: 'SUBSCRIPTION_REQUIRED',
    });

    const lapsed = await subscribedOwner(t);
    await expireSubscription(t, lapsed);
    expect((await create(lapsed, restaurantBody())).statusCode).toBe(403);

    const owner = await subscribedOwner(t);
    const other = await subscribedOwner(t);
    expect((await create(owner, restaurantBody({ user_id: other.userId }))).statusCode).toBe(404);
  });

  it.each([
    ['negative tables', { number_of_tables: -1 }, 'Number of tables must be 0 or more'],
    ['fractional tables', { number_of_tables: 2.5 }, 'Number of tables must be a whole number'],
    ['tables as text', { number_of_tables: '8' }, 'Number of tables must be a whole number'],
    ['too many tables', { number_of_tables: 1001 }, 'Number of tables must be at most 1000'],
    ['an hour past 23', { opening_hours: openingHours({ monday: { open: '25:00' } }) }, 'HH:MM'],
    ['a one-digit hour', { opening_hours: openingHours({ friday: { close: '9:00' } }) }, 'HH:MM'],
    [
      'a missing weekday',
      { opening_hours: { ...openingHours(), sunday: undefined } },
      'opening_hours.sunday',
    ],
    ['an extra weekday', { opening_hours: { ...openingHours(), funday: openingHours().monday } }, 'funday'],
    ['pickup as text', { opening_hours: openingHours({ monday: { pickup: 'yes' as never } }) }, 'Pickup'],
    ['an unknown time zone', { timezone: 'Mars/Olympus_Mons' }, 'Unknown time zone'],
    ['no time zone', { timezone: undefined }, 'Time zone is required'],
    ['a long name', { restaurant_name: 'x'.repeat(101) }, 'Restaurant name must be at most 100 characters'],
    ['a long description', { description: 'x'.repeat(501) }, 'Description must be at most 500 characters'],
    ['a 9-digit phone', { phone: '503555010' }, 'Phone must be exactly 10 digits'],
    ['a bad email', { email: 'nope' }, 'Enter a valid email address'],
    ['a blank city', { city: ' ' }, 'City is required'],
    ['a latitude out of range', { latitude: 91 }, 'latitude'],
    ['an unknown field', { owner_id: 1 }, 'Unknown field: owner_id'],
  ])('rejects %s with a 400 and creates nothing', async (_label, change, message) => {
    const owner = await subscribedOwner(t);
    const response = await create(owner, restaurantBody(change));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(response.json())).toContain(message);
    const rows = await t.app.database.db
      .select()
      .from(restaurantsTable)
      .where(eq(restaurantsTable.ownerId, owner.userId));
    expect(rows).toHaveLength(0);
  });

  it('accepts a restaurant without description, address or coordinates, and 0 tables', async () => {
    const owner = await subscribedOwner(t);
    const { description: _d, address: _a, latitude: _la, longitude: _lo, ...minimal } = restaurantBody();
    const response = await create(owner, { ...minimal, number_of_tables: 0 });
    expect(response.statusCode).toBe(201);
    const { data } = (await getRestaurant(response.json().restaurant_id, owner.auth)).json();
    expect(data).toMatchObject({
      description: '',
      address: '',
      latitude: null,
      longitude: null,
      number_of_tables: 0,
    });
  });
});

describe('get restaurant', () => {
  it('gives its owner the full record and everyone else the public fields only', async () => {
    const { owner, restaurantId } = await ownerWithRestaurant(t);
    const mine = await getRestaurant(restaurantId, owner.auth);
    expect(mine.statusCode).toBe(200);
    expect(Object.keys(mine.json().data).sort()).toEqual(ownerFields);

    const anonymous = await getRestaurant(restaurantId);
    expect(anonymous.statusCode).toBe(200);
    expect(Object.keys(anonymous.json().data).sort()).toEqual(publicFields);
    expect(anonymous.json().data.restaurant_name).toBe(mine.json().data.restaurant_name);

    const other = await subscribedOwner(t);
    expect(Object.keys((await getRestaurant(restaurantId, other.auth)).json().data).sort()).toEqual(
      publicFields,
    );

    // A diner's token is not an owner's: the public view, not an error.
    const diner = await signUpDiner(t, restaurantId);
    const asDiner = await getRestaurant(restaurantId, diner.auth);
    expect(asDiner.statusCode).toBe(200);
    expect(Object.keys(asDiner.json().data).sort()).toEqual(publicFields);
  });

  it('answers 401 to a forged or expired token, so the owner’s client logs out', async () => {
    const { owner, restaurantId } = await ownerWithRestaurant(t);
    expect(
      (await getRestaurant(restaurantId, { authorization: 'Bearer forged.token.here' })).statusCode,
    ).toBe(401);
    t.clock.advance(13 * 60 * 60 * 1000);
    expect((await getRestaurant(restaurantId, owner.auth)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown restaurant and 400 for a malformed id', async () => {
    const missing = await getRestaurant(2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(restaurantServerMessages.notFound);
    expect((await getRestaurant('abc')).statusCode).toBe(400);
    expect((await getRestaurant('99999999999')).statusCode).toBe(400);
    expect((await getRestaurant(0)).statusCode).toBe(400);
  });
});

describe('update restaurant', () => {
  it('changes only the editable fields and ignores the read-only ones the form sends back', async () => {
    const { owner, restaurantId, token } = await ownerWithRestaurant(t);
    const { data: loaded } = (await getRestaurant(restaurantId, owner.auth)).json();
    const response = await update(owner, restaurantId, {
      ...loaded,
      restaurant_name: 'Green Door Bistro',
      restaurant_type: 'Wine bar',
      number_of_tables: 14,
      description: 'Now with a terrace.',
      timezone: 'America/Denver',
      opening_hours: openingHours({ saturday: { close: '02:30', closing_day: 'saturday' } }),
      // Read-only: ignored.
      email: 'hijack@example.com',
      phone: '0000000000',
      city: 'Elsewhere',
      token: 'chosen-token',
      user_id: 1,
      latitude: 0,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Restaurant updated successfully',
      data: {
        ...loaded,
        restaurant_name: 'Green Door Bistro',
        name: 'Green Door Bistro',
        restaurant_type: 'Wine bar',
        number_of_tables: 14,
        description: 'Now with a terrace.',
        timezone: 'America/Denver',
        opening_hours: openingHours({ saturday: { close: '02:30', closing_day: 'sunday' } }),
      },
    });
    expect(response.json().data.token).toBe(token);
    expect((await getRestaurant(restaurantId, owner.auth)).json().data).toEqual(response.json().data);
  });

  it('accepts a partial update', async () => {
    const { owner, restaurantId } = await ownerWithRestaurant(t);
    const before = (await getRestaurant(restaurantId, owner.auth)).json().data;
    const response = await update(owner, restaurantId, { number_of_tables: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ ...before, number_of_tables: 3 });
    expect((await update(owner, restaurantId, {})).json().data).toEqual({ ...before, number_of_tables: 3 });
  });

  it('refuses another owner (404), no token (401) and a lapsed subscription (403)', async () => {
    const { owner, restaurantId } = await ownerWithRestaurant(t);
    const other = await ownerWithRestaurant(t);
    const stranger = await update(other.owner, restaurantId, { restaurant_name: 'Taken over' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(restaurantServerMessages.notFound);
    expect((await update(undefined, restaurantId, { restaurant_name: 'Anon' })).statusCode).toBe(401);
    expect((await update(owner, 2_000_000_000, { restaurant_name: 'Nowhere' })).statusCode).toBe(404);

    await expireSubscription(t, owner);
    const lapsed = await update(owner, restaurantId, { restaurant_name: 'Lapsed' });
    expect(lapsed.statusCode).toBe(403);
    expect(lapsed.json().code).toBe('SUBSCRIPTION_REQUIRED');
    // The owner can still read their restaurant to renew and come back.
    expect((await getRestaurant(restaurantId, owner.auth)).json().data.restaurant_name).not.toBe('Lapsed');
  });

  it.each([
    ['an unknown field', { owner_id: 5 }],
    ['negative tables', { number_of_tables: -1 }],
    ['fractional tables', { number_of_tables: 2.5 }],
    ['a bad time', { opening_hours: openingHours({ monday: { close: '24:00' } }) }],
    ['an unknown time zone', { timezone: 'Europe/Atlantis' }],
    ['an empty name', { restaurant_name: '' }],
  ])('rejects %s with a 400', async (_label, change) => {
    const { owner, restaurantId } = await ownerWithRestaurant(t);
    const response = await update(owner, restaurantId, change);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });
});
