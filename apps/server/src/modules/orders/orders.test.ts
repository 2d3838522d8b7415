import { displayMenuServerMessages } from '@tableserve/contract/customer-menu';
import { MAX_ORDER_LINES, type OrderStatus, orderServerMessages } from '@tableserve/contract/order';
import { subscriptionServerMessages } from '@tableserve/contract/subscription';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireSubscription, ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let diners = 0;
type Setup = Awaited<ReturnType<typeof setup>>;
type Diner = { customer_id: number; token: string; auth: { authorization: string } };

/** A diner account at the restaurant, from an address of its own (sign-up is limited per IP). */
async function signUp(restaurantId: number, overrides: Record<string, unknown> = {}): Promise<Diner> {
  diners += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/create',
    remoteAddress: `10.40.${Math.floor(diners / 250)}.${(diners % 250) + 1}`,
    payload: {
      customer_name: 'Dana',
      email: `orders${diners}@example.com`,
      password: 'diner password',
      phone_number: '5125550100',
      restaurant_id: restaurantId,
      ...overrides,
    },
  });
  const data = response.json().data as { customer_id: number; token: string };
  return { ...data, auth: { authorization: `Bearer ${data.token}` } };
}

/** A subscribed owner's restaurant with 4 tables and a small menu, and a signed-up diner. */
async function setup() {
  const place = await ownerWithRestaurant(t, { number_of_tables: 4 });
  const add = async (item: Record<string, unknown>) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/menu/add-menu-item',
        headers: place.owner.auth,
        payload: { description: 'Good', category: 'MainCourse', restaurant_id: place.restaurantId, ...item },
      })
    ).json().data.menu_id as number;
  const pizza = await add({ item_name: 'Pizza', price: 12.5 });
  const soda = await add({ item_name: 'Soda', price: 2.25, category: 'Beverage' });
  const soldOut = await add({ item_name: 'Special', price: 20, available: false });
  const diner = await signUp(place.restaurantId);
  return { ...place, pizza, soda, soldOut, diner, dinerAuth: diner.auth };
}

/** The checkout payload as the spec's client sends it (docs/product/ordering.md#place-order). */
const order = (s: Setup, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/place-order',
    headers: { ...s.dinerAuth, ...headers },
    payload: {
      restaurant_id: s.restaurantId,
      customer_details: { name: 'Dana', email: 'dana@example.com', phone: '5125550100' },
      order_items: [
        { menu_item_id: s.pizza, quantity: 2 },
        { menu_item_id: s.soda, quantity: 1 },
      ],
      order_type: 'dine-in',
      table_no: '3',
      is_guest: false,
      order_time: '19:30',
      customer_location: null,
      // Whatever the client adds up, the server prices the order itself.
      total_amount: 0.01,
      ...overrides,
    },
  });
const setStatus = (s: Setup, orderId: number, status: string, auth: object = s.owner.auth) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/kitchen/restaurant/${s.restaurantId}/update-order-status/${orderId}`,
    headers: auth as Record<string, string>,
    payload: { status },
  });
const ordersOf = (diner: Diner, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/customer/${diner.customer_id}/orders${query}`,
    headers: diner.auth,
  });
const summary = (s: Setup, orderId: number, auth: object = s.dinerAuth) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/customer/order-summary/${s.restaurantId}/${orderId}`,
    headers: auth as Record<string, string>,
  });

describe('placing an order', () => {
  it('prices it from the menu, whatever total the client sends, and keeps the lines', async () => {
    const s = await setup();
    const response = await order(s);
    expect(response.statusCode).toBe(201);
    const placed = response.json();
    expect(placed).toEqual({
      message: orderServerMessages.placed,
      order_id: expect.any(Number),
      status: 'Pending',
      total_amount: 27.25,
    });

    const read = await summary(s, placed.order_id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      order_id: placed.order_id,
      status: 'Pending',
      total_amount: 27.25,
      table_number: 3,
      order_type: 'dine-in',
      restaurant_id: s.restaurantId,
      restaurant_name: expect.stringMatching(/^Blue Door Bistro/),
      address: '12 Harbor Rd',
      city: 'Portland',
      state: 'OR',
      phone: '5035550100',
      created_at: '2026-03-02T12:00:00.000Z',
      items: [
        { menu_item_id: s.pizza, product_name: 'Pizza', quantity: 2, price: 12.5 },
        { menu_item_id: s.soda, product_name: 'Soda', quantity: 1, price: 2.25 },
      ],
    });
  });

  it('keeps the name and price of the moment when the menu changes later', async () => {
    const s = await setup();
    const orderId = (await order(s)).json().order_id;
    const edited = await t.app.inject({
      method: 'POST',
      url: `/api/v1/menu/update-menu-item/${s.pizza}`,
      headers: s.owner.auth,
      payload: {
        item_name: 'Pizza Deluxe',
        description: 'Better',
        price: 99,
        category: 'MainCourse',
        restaurant_id: s.restaurantId,
      },
    });
    expect(edited.statusCode).toBe(200);
    const read = (await summary(s, orderId)).json();
    expect(read.items[0]).toMatchObject({ product_name: 'Pizza', price: 12.5 });
    expect(read.total_amount).toBe(27.25);
  });

  it('creates one order for a double-tapped Submit with one Idempotency-Key', async () => {
    const s = await setup();
    const headers = { 'idempotency-key': 'submit-once-0001' };
    const first = await order(s, {}, headers);
    const again = await order(s, {}, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await ordersOf(s.diner)).json().orders).toHaveLength(1);

    // The same key with another cart is a client bug, not a retry.
    const changed = await order(s, { table_no: 1 }, headers);
    expect(changed.statusCode).toBe(409);
    // Another diner's key space is their own.
    const other = await signUp(s.restaurantId);
    expect((await order(s, {}, { ...headers, ...other.auth })).json().order_id).not.toBe(
      first.json().order_id,
    );
  });

  it('answers simultaneous retries of one Idempotency-Key alike, with one order', async () => {
    const s = await setup();
    // A diner may send 10 orders a minute; a phone's retries stay well within that.
    const headers = { 'idempotency-key': 'ten-at-once-0001' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => order(s, {}, headers)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect((await ordersOf(s.diner)).json().orders).toHaveLength(1);

    // The owner's counter (60 a minute): 50 at once.
    const walkIn = {
      restaurant_id: s.restaurantId,
      user_id: s.owner.userId,
      customer_name: 'Phone Phil',
      phone_number: '5035550123',
      total_amount: 0,
      items: [{ menu_id: s.pizza, quantity: 2 }],
    };
    const owner = { ...s.owner.auth, 'idempotency-key': 'fifty-at-once-0001' };
    const placed = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/customer/place-order',
          headers: owner,
          payload: walkIn,
        }),
      ),
    );
    expect(placed.map((answer) => answer.statusCode)).toEqual(Array(50).fill(201));
    expect(new Set(placed.map((answer) => answer.body)).size).toBe(1);
    const listed = await t.app.inject({
      url: `/api/v1/customer/orders/${s.restaurantId}?filter=all`,
      headers: s.owner.auth,
    });
    expect(listed.json().orders.filter((o: { placed_by: string }) => o.placed_by === 'staff')).toHaveLength(
      1,
    );
  });

  it('accepts pickup with a location and no table, and a table sent as a number', async () => {
    const s = await setup();
    const pickup = await order(s, {
      order_type: 'pickup',
      table_no: '',
      customer_location: { latitude: 30.27, longitude: -97.74 },
    });
    expect(pickup.statusCode).toBe(201);
    expect((await summary(s, pickup.json().order_id)).json()).toMatchObject({
      order_type: 'pickup',
      table_number: null,
    });
    expect((await order(s, { table_no: 4 })).statusCode).toBe(201);
  });

  it.each<[string, (s: Setup) => Record<string, unknown>, number, string?]>([
    ['quantity 0', (s) => ({ order_items: [{ menu_item_id: s.pizza, quantity: 0 }] }), 400],
    ['quantity 51', (s) => ({ order_items: [{ menu_item_id: s.pizza, quantity: 51 }] }), 400],
    ['a fractional quantity', (s) => ({ order_items: [{ menu_item_id: s.pizza, quantity: 1.5 }] }), 400],
    ['a quantity as text', (s) => ({ order_items: [{ menu_item_id: s.pizza, quantity: '2' }] }), 400],
    [
      `${MAX_ORDER_LINES + 1} lines`,
      (s) => ({
        order_items: Array.from({ length: MAX_ORDER_LINES + 1 }, () => ({
          menu_item_id: s.soda,
          quantity: 1,
        })),
      }),
      400,
    ],
    ['an empty cart', () => ({ order_items: [] }), 400],
    ['table 0', () => ({ table_no: 0 }), 400, orderServerMessages.tableOutOfRange(4)],
    ['table 5 of 4', () => ({ table_no: 5 }), 400, orderServerMessages.tableOutOfRange(4)],
    ['table "5" of 4', () => ({ table_no: '5' }), 400, orderServerMessages.tableOutOfRange(4)],
    ['a table of true', () => ({ table_no: true }), 400],
    ['a table of 2.5', () => ({ table_no: 2.5 }), 400],
    ['no table for dine-in', () => ({ table_no: '' }), 400, orderServerMessages.tableRequired],
    ['a missing table for dine-in', () => ({ table_no: undefined }), 400, orderServerMessages.tableRequired],
    [
      'pickup without a location',
      () => ({ order_type: 'pickup', table_no: '' }),
      400,
      orderServerMessages.pickupNeedsLocation,
    ],
    [
      'a location off the globe',
      () => ({ order_type: 'pickup', customer_location: { latitude: 91, longitude: 0 } }),
      400,
    ],
    ['an unknown order type', () => ({ order_type: 'delivery' }), 400],
    ['an order time that is no time', () => ({ order_time: '25:00' }), 400],
    [
      'an unknown restaurant',
      () => ({ restaurant_id: 999_999 }),
      404,
      orderServerMessages.restaurantNotFound,
    ],
  ])('refuses %s', async (_label, change, status, message) => {
    const s = await setup();
    const response = await order(s, change(s));
    expect(response.statusCode).toBe(status);
    if (message) expect(response.json().message).toBe(message);
    expect((await ordersOf(s.diner)).json().orders).toHaveLength(0);
  });

  it('refuses a restaurant with no tables for dine-in, but takes its pickup orders', async () => {
    const s = await setup();
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/restaurant/update-restaurant/${s.restaurantId}`,
      headers: s.owner.auth,
      payload: { number_of_tables: 0 },
    });
    const dineIn = await order(s, { table_no: 1 });
    expect(dineIn.statusCode).toBe(400);
    expect(dineIn.json().message).toBe(orderServerMessages.noTables);
    const pickup = await order(s, { order_type: 'pickup', customer_location: { latitude: 1, longitude: 2 } });
    expect(pickup.statusCode).toBe(201);
  });

  it('refuses unavailable, deleted and foreign items, naming them', async () => {
    const s = await setup();
    const other = await setup();
    const unavailable = await order(s, { order_items: [{ menu_item_id: s.soldOut, quantity: 1 }] });
    expect(unavailable.statusCode).toBe(409);
    expect(unavailable.json().message).toBe(orderServerMessages.unavailable('Special'));
    const foreign = await order(s, { order_items: [{ menu_item_id: other.pizza, quantity: 1 }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(orderServerMessages.notOnMenu(other.pizza));
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/menu/delete-menu-item/${s.soda}`,
      headers: s.owner.auth,
    });
    const deleted = await order(s);
    expect(deleted.statusCode).toBe(400);
    expect(deleted.json().message).toBe(orderServerMessages.notOnMenu(s.soda));
    expect((await ordersOf(s.diner)).json().orders).toHaveLength(0);
  });

  it("refuses orders once the owner's subscription lapses", async () => {
    const s = await setup();
    await expireSubscription(t, s.owner);
    const lapsed = await order(s);
    expect(lapsed.statusCode).toBe(403);
    expect(lapsed.json().message).toBe(displayMenuServerMessages.subscriptionInvalid);
  });

  it('takes ten orders a minute from one diner at one restaurant', async () => {
    const s = await setup();
    for (let n = 0; n < 10; n++) expect((await order(s)).statusCode).toBe(201);
    const eleventh = await order(s);
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    // Another diner at the same table is not held back.
    const friend = await signUp(s.restaurantId);
    expect((await order(s, {}, friend.auth)).statusCode).toBe(201);
  });
});

describe('reading orders', () => {
  it('keeps each diner to their own orders; the public status shows the status only', async () => {
    const s = await setup();
    const other = await setup();
    const orderId = (await order(s)).json().order_id;
    expect((await summary(s, orderId, other.dinerAuth)).statusCode).toBe(404);
    expect((await summary(s, orderId, s.owner.auth)).statusCode).toBe(401);
    expect((await summary(s, orderId, {})).statusCode).toBe(401);
    expect((await summary(s, 999_999)).statusCode).toBe(404);
    const foreignList = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer/${s.diner.customer_id}/orders`,
      headers: other.dinerAuth,
    });
    expect(foreignList.statusCode).toBe(404);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer/order-status?restaurant_id=${s.restaurantId}&order_id=${orderId}`,
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ order_id: orderId, status: 'Pending' });
    const wrongRestaurant = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer/order-status?restaurant_id=${other.restaurantId}&order_id=${orderId}`,
    });
    expect(wrongRestaurant.statusCode).toBe(404);
    const noOrder = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer/order-status?restaurant_id=${s.restaurantId}`,
    });
    expect(noOrder.statusCode).toBe(400);
  });

  it("lists a diner's orders newest first, a page at a time, with a cap on the page size", async () => {
    const s = await setup();
    const ids: number[] = [];
    for (let n = 0; n < 3; n++) {
      t.clock.advance(60_000);
      ids.push((await order(s, { table_no: n + 1 })).json().order_id);
    }
    const first = (await ordersOf(s.diner, '?page=1&per_page=2')).json();
    expect(first.orders.map((o: { order_id: number }) => o.order_id)).toEqual([ids[2], ids[1]]);
    expect(first.pagination).toEqual({ page: 1, per_page: 2, total: 3, total_pages: 2 });
    expect(first.orders[0]).toMatchObject({
      restaurant_id: s.restaurantId,
      table_number: 3,
      items: expect.any(Array),
    });
    const second = (await ordersOf(s.diner, '?page=2&per_page=2')).json();
    expect(second.orders.map((o: { order_id: number }) => o.order_id)).toEqual([ids[0]]);
    expect((await ordersOf(s.diner, '?per_page=51')).statusCode).toBe(400);
  });
});

describe('the status machine', () => {
  // docs/product/order-statuses.md#status-machine and the kitchen's recall (ADR 016), written out here rather than read from the
  // contract, so a wrong table fails.
  const legal: Record<OrderStatus, OrderStatus[]> = {
    Pending: ['Approved', 'Ready', 'Cancelled'],
    Approved: ['Ready', 'Cancelled'],
    Ready: ['Completed', 'Approved'],
    Completed: [],
    Cancelled: [],
  };
  // How an order reaches each status through legal steps.
  const pathTo: Record<OrderStatus, OrderStatus[]> = {
    Pending: [],
    Approved: ['Approved'],
    Ready: ['Ready'],
    Completed: ['Ready', 'Completed'],
    Cancelled: ['Cancelled'],
  };
  const statuses = Object.keys(legal) as OrderStatus[];

  it.each(statuses)('moves an order from %s only along the legal changes', async (from) => {
    const s = await setup();
    // Five orders from one diner stay under the ten-a-minute limit.
    for (const to of statuses) {
      const orderId = (await order(s)).json().order_id as number;
      for (const step of pathTo[from]) expect((await setStatus(s, orderId, step)).statusCode).toBe(200);
      const response = await setStatus(s, orderId, to);
      if (legal[from].includes(to)) {
        expect(response.statusCode, `${from} → ${to}`).toBe(200);
        expect(response.json()).toMatchObject({
          message: orderServerMessages.statusUpdated(to),
          order: { order_id: orderId, status: to, total_amount: 27.25 },
        });
      } else {
        expect(response.statusCode, `${from} → ${to}`).toBe(409);
        expect(response.json().message).toBe(`Cannot change an order from ${from} to ${to}`);
      }
      const publicStatus = await t.app.inject({
        method: 'GET',
        url: `/api/v1/customer/order-status?restaurant_id=${s.restaurantId}&order_id=${orderId}`,
      });
      expect(publicStatus.json().status).toBe(legal[from].includes(to) ? to : from);
    }
  });

  it("lets only the restaurant's subscribed owner change its orders", async () => {
    const s = await setup();
    const other = await setup();
    const id = (await order(s)).json().order_id;
    expect((await setStatus(s, id, 'Approved', other.owner.auth)).statusCode).toBe(404);
    expect((await setStatus(s, id, 'Approved', s.dinerAuth)).statusCode).toBe(401);
    expect((await setStatus(s, id, 'Approved', {})).statusCode).toBe(401);
    expect((await setStatus(s, id, 'Served')).statusCode).toBe(400);
    expect((await setStatus(s, 999_999, 'Approved')).statusCode).toBe(404);
    // An order of another restaurant, through this owner's restaurant path.
    const foreign = (await order(other)).json().order_id;
    expect((await setStatus(s, foreign, 'Approved')).statusCode).toBe(404);

    await expireSubscription(t, s.owner);
    const lapsed = await setStatus(s, id, 'Approved');
    expect(lapsed.statusCode).toBe(403);
    expect(lapsed.json().message).toBe(subscriptionServerMessages.subscriptionRequired);
  });
});

// Last: it moves the file's clock past every token issued so far.
describe('customer tokens', () => {
  it("needs a diner token that has not expired; an owner token means the owner's own form", async () => {
    const s = await setup();
    expect((await order(s, {}, { authorization: '' })).statusCode).toBe(401);
    expect((await order(s, {}, { authorization: 'Bearer forged.token.here' })).statusCode).toBe(401);
    // The owner's token is read as the owner's Place Order form, which a diner's payload is not.
    const asOwner = await order(s, {}, s.owner.auth);
    expect(asOwner.statusCode).toBe(400);
    expect(asOwner.json().code).toBe('VALIDATION_ERROR');
    expect((await order(s)).statusCode).toBe(201);
    t.clock.advance(13 * 60 * 60 * 1000);
    const expired = await order(s);
    expect(expired.statusCode).toBe(401);
    expect((await ordersOf(s.diner)).statusCode).toBe(401);
  });
});
