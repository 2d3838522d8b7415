import { UNPAID_ORDER_TIMEOUT_MINUTES } from '@tableserve/contract/bills';
import { orderServerMessages } from '@tableserve/contract/order';
import type { StaffOrder } from '@tableserve/contract/owner-orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, orders } from '../../db/schema';
import { addMenuItem } from '../../test/orders';
import { ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * An order paid when ordering and not paid yet (docs/decisions/020-money-model.md) exists for its
 * diner only: the staff's lists, counters, the Kitchen and the reports leave it out, and every
 * staff change answers as for a missing order. After 15 minutes unpaid it is cancelled.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type Place = Awaited<ReturnType<typeof setup>>;

async function setup() {
  const place = await ownerWithRestaurant(t, { number_of_tables: 6 });
  const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12.5, stock: 5 });
  return { ...place, pizza };
}

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });

/** A walk-in order of `quantity` pizzas; answers its id. */
async function placeOrder(p: Place, quantity = 1) {
  const response = await api('POST', '/customer/place-order', p.owner.auth, {
    restaurant_id: p.restaurantId,
    user_id: p.owner.userId,
    customer_name: 'Awaiting Ava',
    phone_number: '5035550199',
    total_amount: 0,
    items: [{ menu_id: p.pizza, quantity }],
  });
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.body}`);
  return response.json().order_id as number;
}

/** Marks the order as the diner's checkout leaves it before paying (H3a's flow writes it so). */
const awaitPayment = (orderId: number, awaiting = true) =>
  t.app.database.db.update(orders).set({ awaitingPayment: awaiting }).where(eq(orders.id, orderId));

const rowOf = async (orderId: number) =>
  (await t.app.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const stockOf = async (menuId: number) =>
  (await t.app.database.db.select().from(menuItems).where(eq(menuItems.id, menuId)))[0]!.stock;
const idsOf = (list: { order_id: number }[]) => list.map((order) => order.order_id);

describe('an order awaiting payment, to the staff', () => {
  let p: Place;
  let shown: number;
  let awaiting: number;
  let base: string;

  beforeAll(async () => {
    p = await setup();
    shown = await placeOrder(p);
    awaiting = await placeOrder(p);
    await awaitPayment(awaiting);
    base = `/owner/restaurant/${p.restaurantId}`;
  });

  it('is absent from Order Summary, its search and its counters, and from Order Management', async () => {
    for (const filter of ['pending', 'all']) {
      const summary = (
        await api('GET', `/customer/orders/${p.restaurantId}?filter=${filter}`, p.owner.auth)
      ).json();
      expect(idsOf(summary.orders)).toEqual([shown]);
      expect(summary.pagination.total).toBe(1);
      expect(summary.pagination.working_hours_total_orders).toBe(1);
    }
    const searched = (
      await api('GET', `/customer/orders/${p.restaurantId}?filter=all&search=${awaiting}`, p.owner.auth)
    ).json();
    expect(idsOf(searched.orders)).toEqual([]);
    const byName = (
      await api('GET', `/customer/orders/${p.restaurantId}?filter=all&search=Ava`, p.owner.auth)
    ).json();
    expect(idsOf(byName.orders)).toEqual([shown]);
    const management = (await api('GET', `${base}/orders`, p.owner.auth)).json();
    expect(idsOf(management.orders)).toEqual([shown]);
  });

  it('is absent from the Kitchen, the daily sales report and kitchen analytics', async () => {
    const kitchen = (await api('GET', `/kitchen/restaurant/${p.restaurantId}/orders`, p.owner.auth)).json();
    expect(idsOf(kitchen.orders as StaffOrder[])).toEqual([shown]);
    const { working_hours_date: date } = (
      await api('GET', `/customer/orders/${p.restaurantId}`, p.owner.auth)
    ).json().pagination;
    const sales = (
      await api('GET', `/customer/daily-sales/${p.restaurantId}?date=${date}`, p.owner.auth)
    ).json();
    expect(sales.total_orders).toBe(1);
    expect(idsOf(sales.orders)).toEqual([shown]);
    const analytics = (await api('GET', `${base}/kitchen-analytics?from=${date}`, p.owner.auth)).json();
    expect(analytics.orders).toBe(1);
    expect(analytics.best_sellers).toEqual([{ product_name: 'Pizza', quantity: 1, orders: 1 }]);
  });

  it('answers 404 to every staff change and read of it, and is left as it was', async () => {
    const attempts = [
      api('POST', `/kitchen/restaurant/${p.restaurantId}/update-order-status/${awaiting}`, p.owner.auth, {
        status: 'Approved',
      }),
      api('POST', `/kitchen/restaurant/${p.restaurantId}/update-order-status/${awaiting}`, p.owner.auth, {
        status: 'Cancelled',
      }),
      api('POST', `${base}/approve-order/${awaiting}`, p.owner.auth),
      api('POST', `${base}/mark-paid/${awaiting}`, p.owner.auth),
      api('POST', `${base}/mark-paid`, p.owner.auth, { order_ids: [awaiting] }),
      api('PUT', `/customer/update-order/${awaiting}`, p.owner.auth, {
        order_items: [{ menu_item_id: p.pizza, quantity: 2 }],
      }),
      api('DELETE', `${base}/delete-order/${awaiting}`, p.owner.auth),
      api('GET', `${base}/orders/${awaiting}/history`, p.owner.auth),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().message).toBe(orderServerMessages.notFound);
    }
    const row = await rowOf(awaiting);
    expect(row).toMatchObject({ status: 'Pending', deletedAt: null, awaitingPayment: true });
  });

  it('appears to the staff once paid, as a new order', async () => {
    await awaitPayment(awaiting, false);
    const summary = (await api('GET', `/customer/orders/${p.restaurantId}?filter=all`, p.owner.auth)).json();
    expect(idsOf(summary.orders).sort()).toEqual([shown, awaiting].sort());
    const approved = await api('POST', `${base}/approve-order/${awaiting}`, p.owner.auth);
    expect(approved.statusCode, approved.body).toBe(200);
  });
});

describe('the unpaid orders sweep', () => {
  const MINUTE = 60_000;

  it(`cancels an order unpaid for ${UNPAID_ORDER_TIMEOUT_MINUTES} minutes and gives its stock back`, async () => {
    const p = await setup();
    const sweep = t.app.unpaidOrdersSweep;
    const unpaid = await placeOrder(p, 2);
    const paidAtCounter = await placeOrder(p, 1);
    await awaitPayment(unpaid);
    expect(await stockOf(p.pizza)).toBe(2);

    t.clock.advance((UNPAID_ORDER_TIMEOUT_MINUTES - 1) * MINUTE);
    expect(await sweep()).toEqual({ cancelled: 0 });
    expect((await rowOf(unpaid)).status).toBe('Pending');

    t.clock.advance(MINUTE + 1);
    expect(await sweep()).toEqual({ cancelled: 1 });
    expect(await rowOf(unpaid)).toMatchObject({ status: 'Cancelled', awaitingPayment: true });
    expect((await rowOf(paidAtCounter)).status).toBe('Pending');
    expect(await stockOf(p.pizza)).toBe(4);

    // Given back once: a second round finds nothing to cancel.
    expect(await sweep()).toEqual({ cancelled: 0 });
    expect(await stockOf(p.pizza)).toBe(4);
  });

  it('leaves an order paid in time alone', async () => {
    const p = await setup();
    const sweep = t.app.unpaidOrdersSweep;
    const order = await placeOrder(p);
    await awaitPayment(order);
    t.clock.advance(5 * MINUTE);
    await awaitPayment(order, false);
    t.clock.advance(UNPAID_ORDER_TIMEOUT_MINUTES * MINUTE);
    expect(await sweep()).toEqual({ cancelled: 0 });
    expect((await rowOf(order)).status).toBe('Pending');
    expect(await stockOf(p.pizza)).toBe(4);
  });
});
