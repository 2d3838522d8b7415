import { displayMenuServerMessages } from '@tableserve/contract/customer-menu';
import { orderServerMessages } from '@tableserve/contract/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireSubscription, ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
type Setup = Awaited<ReturnType<typeof setup>>;

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
  counter += 1;
  const diner = (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/create',
      remoteAddress: `10.40.0.${counter}`,
      payload: {
        customer_name: 'Dana',
        email: `orders${counter}@example.com`,
        password: 'diner password',
        phone_number: '5125550100',
        restaurant_id: place.restaurantId,
      },
    })
  ).json().data as { customer_id: number; token: string };
  return { ...place, pizza, soda, soldOut, diner, dinerAuth: { authorization: `Bearer ${diner.token}` } };
}

const order = (s: Setup, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/place-order',
    headers: { ...s.dinerAuth, ...headers },
    payload: {
      restaurant_id: s.restaurantId,
      customer_details: { name: 'Dana' },
      order_items: [
        { menu_item_id: s.pizza, quantity: 2 },
        { menu_item_id: s.soda, quantity: 1 },
      ],
      order_type: 'dine-in',
      table_no: '3',
      is_guest: false,
      order_time: '19:30',
      customer_location: null,
      total_amount: 0.01,
      ...overrides,
    },
  });
const setStatus = (s: Setup, orderId: number, status: string, auth = s.owner.auth) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/kitchen/restaurant/${s.restaurantId}/update-order-status/${orderId}`,
    headers: auth,
    payload: { status },
  });

describe('placing an order', () => {
  it('prices it from the menu, whatever total the client sends, and keeps the lines', async () => {
    const s = await setup();
    const response = await order(s);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: orderServerMessages.placed,
      status: 'Pending',
      total_amount: 27.25,
    });

    const summary = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer/order-summary/${s.restaurantId}/${response.json().order_id}`,
      headers: s.dinerAuth,
    });
    expect(summary.json()).toMatchObject({
      status: 'Pending',
      total_amount: 27.25,
      table_number: 3,
      order_type: 'dine-in',
      items: [
        { product_name: 'Pizza', quantity: 2, price: 12.5 },
        { product_name: 'Soda', quantity: 1, price: 2.25 },
      ],
    });
  });

  it('creates one order for a double-tapped Submit with one Idempotency-Key', async () => {
    const s = await setup();
    const headers = { 'idempotency-key': 'submit-once-0001' };
    const first = await order(s, {}, headers);
    const again = await order(s, {}, headers);
    expect(again.json().order_id).toBe(first.json().order_id);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer/${s.diner.customer_id}/orders`,
      headers: s.dinerAuth,
    });
    expect(list.json().orders).toHaveLength(1);
  });

  it.each([
    ['quantity 0', { order_items: [{ menu_item_id: -1, quantity: 0 }] }, 400],
    ['quantity 51', { order_items: [{ menu_item_id: 1, quantity: 51 }] }, 400],
    ['a fractional quantity', { order_items: [{ menu_item_id: 1, quantity: 1.5 }] }, 400],
    ['an empty cart', { order_items: [] }, 400],
    ['table 0', { table_no: 0 }, 400],
    ['table 5 of 4', { table_no: 5 }, 400],
    ['no table for dine-in', { table_no: '' }, 400],
    ['pickup without a location', { order_type: 'pickup', table_no: '' }, 400],
    ['an unknown order type', { order_type: 'delivery' }, 400],
  ])('refuses %s', async (_label, change, status) => {
    const s = await setup();
    const response = await order(s, change);
    expect(response.statusCode).toBe(status);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer/${s.diner.customer_id}/orders`,
      headers: s.dinerAuth,
    });
    expect(list.json().orders).toHaveLength(0);
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
    expect((await order(s)).statusCode).toBe(400);
  });

  it('accepts pickup with a location, and refuses orders once the subscription lapses', async () => {
    const s = await setup();
    const pickup = await order(s, {
      order_type: 'pickup',
      table_no: '',
      customer_location: { latitude: 30.27, longitude: -97.74 },
    });
    expect(pickup.statusCode).toBe(201);
    await expireSubscription(t, s.owner);
    const lapsed = await order(s);
    expect(lapsed.statusCode).toBe(403);
    expect(lapsed.json().message).toBe(displayMenuServerMessages.subscriptionInvalid);
  });

  it('needs a diner token that has not expired, and never an owner token', async () => {
    const s = await setup();
    expect((await order(s, {}, { authorization: '' })).statusCode).toBe(401);
    expect((await order(s, {}, s.owner.auth)).statusCode).toBe(401);
    t.clock.advance(13 * 60 * 60 * 1000);
    expect((await order(s)).statusCode).toBe(401);
  });
});

describe('reading orders', () => {
  it('keeps each diner to their own orders; the public status shows the status only', async () => {
    const s = await setup();
    const other = await setup();
    const orderId = (await order(s)).json().order_id;
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer/order-summary/${s.restaurantId}/${orderId}`,
      headers: other.dinerAuth,
    });
    expect(foreign.statusCode).toBe(404);
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
    expect(status.json()).toEqual({ order_id: orderId, status: 'Pending' });
    const wrongRestaurant = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer/order-status?restaurant_id=${other.restaurantId}&order_id=${orderId}`,
    });
    expect(wrongRestaurant.statusCode).toBe(404);
  });
});

describe('the status machine', () => {
  it('allows exactly the legal changes and answers 409 to the rest', async () => {
    const s = await setup();
    const next = async () => (await order(s)).json().order_id as number;
    const legal: Array<[string[]]> = [
      [['Approved', 'Ready', 'Completed']],
      [['Ready', 'Completed']],
      [['Approved', 'Cancelled']],
      [['Cancelled']],
    ];
    for (const [path] of legal) {
      const id = await next();
      for (const status of path) expect((await setStatus(s, id, status)).statusCode).toBe(200);
    }
    const illegal: Array<[string[], string]> = [
      [[], 'Completed'],
      [[], 'Pending'],
      [['Approved'], 'Pending'],
      [['Ready'], 'Cancelled'],
      [['Ready', 'Completed'], 'Cancelled'],
      [['Cancelled'], 'Approved'],
    ];
    for (const [path, to] of illegal) {
      const id = await next();
      for (const status of path) await setStatus(s, id, status);
      const response = await setStatus(s, id, to);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(/^Cannot change an order from \w+ to \w+$/);
    }
    // Ten orders a minute is this diner's limit at this restaurant: the eleventh waits.
    expect((await order(s)).statusCode).toBe(429);
    const fresh = await setup();
    const updated = await setStatus(fresh, (await order(fresh)).json().order_id, 'Approved');
    expect(updated.json().order).toMatchObject({ status: 'Approved', total_amount: 27.25 });
  });

  it("lets only the restaurant's owner change its orders", async () => {
    const s = await setup();
    const other = await setup();
    const id = (await order(s)).json().order_id;
    expect((await setStatus(s, id, 'Approved', other.owner.auth)).statusCode).toBe(404);
    expect((await setStatus(s, id, 'Approved', s.dinerAuth)).statusCode).toBe(401);
    expect((await setStatus(s, id, 'Served')).statusCode).toBe(400);
  });
});
