import { PAID_BILLS_SHOWN_HOURS } from '@tableserve/contract/bills';
import { restaurantServerMessages } from '@tableserve/contract/restaurant';
import { staffRoleMessages } from '@tableserve/contract/staff-roles';
import { subscriptionServerMessages } from '@tableserve/contract/subscription';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billOf } from '../../test/bills';
import { addMenuItem } from '../../test/orders';
import { expireSubscription, ownerWithRestaurant } from '../../test/restaurants';
import { staffTokenFor } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The staff's view of bills per table (docs/decisions/020-money-model.md): GET /bills/open/{restaurant_id}. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
type Headers = Record<string, string>;
type Place = Awaited<ReturnType<typeof setup>>;

async function setup() {
  const place = await ownerWithRestaurant(t, { number_of_tables: 6 });
  const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12.5 });
  return { ...place, pizza };
}

const openBills = (p: Place, auth: Headers = p.owner.auth) =>
  t.app.inject({ method: 'GET', url: `/api/v1/bills/open/${p.restaurantId}`, headers: auth });

/** A walk-in order of `quantity` pizzas at `table`; answers its id. */
async function orderAt(p: Place, table: number, quantity = 1) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/place-order',
    headers: p.owner.auth,
    payload: {
      restaurant_id: p.restaurantId,
      user_id: p.owner.userId,
      customer_name: 'Table Tess',
      phone_number: '5035550199',
      total_amount: 0,
      table_number: table,
      items: [{ menu_id: p.pizza, quantity }],
    },
  });
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.body}`);
  return response.json().order_id as number;
}

describe('the open bills of a restaurant', () => {
  let p: Place;
  let other: Place;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    p = await setup();
    other = await setup();
    ids.two = await orderAt(p, 2, 2);
    ids.twoMore = await orderAt(p, 2);
    ids.twoCancelled = await orderAt(p, 2);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/kitchen/restaurant/${p.restaurantId}/update-order-status/${ids.twoCancelled}`,
      headers: p.owner.auth,
      payload: { status: 'Cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    ids.three = await orderAt(p, 3);
    ids.four = await orderAt(p, 4);
    ids.billTwo = await billOf(t, {
      restaurantId: p.restaurantId,
      tableNumber: 2,
      orderIds: [ids.two, ids.twoMore, ids.twoCancelled],
      payments: [
        { amountCents: 2000, tipCents: 300 },
        { amountCents: 500, tipCents: 100, status: 'pending' },
        { amountCents: 1000, status: 'failed' },
      ],
    });
    const now = t.clock.now().getTime();
    ids.billThree = await billOf(t, {
      restaurantId: p.restaurantId,
      tableNumber: 3,
      orderIds: [ids.three],
      payments: [{ amountCents: 1250, tipCents: 200 }],
      paidAt: new Date(now - HOUR),
    });
    await billOf(t, {
      restaurantId: p.restaurantId,
      tableNumber: 4,
      orderIds: [ids.four],
      payments: [{ amountCents: 1250 }],
      paidAt: new Date(now - (PAID_BILLS_SHOWN_HOURS * HOUR + 1)),
    });
    await billOf(t, { restaurantId: other.restaurantId, tableNumber: 2, orderIds: [] });
  });

  it(`lists open bills and those paid in the last ${PAID_BILLS_SHOWN_HOURS} hours, by table, with their figures`, async () => {
    const response = await openBills(p);
    expect(response.statusCode, response.body).toBe(200);
    const { bills } = response.json();
    expect(bills).toEqual([
      {
        bill_id: ids.billTwo,
        table_number: 2,
        // A cancelled order is not on the bill's total.
        order_ids: [ids.two, ids.twoMore],
        total: 37.5,
        paid: 20,
        pending: 5,
        outstanding: 12.5,
        tips: 3,
        status: 'open',
        updated_at: expect.any(String),
      },
      {
        bill_id: ids.billThree,
        table_number: 3,
        order_ids: [ids.three],
        total: 12.5,
        paid: 12.5,
        pending: 0,
        outstanding: 0,
        tips: 2,
        status: 'paid',
        updated_at: expect.any(String),
      },
    ]);
  });

  it('answers an empty list to a restaurant without bills', async () => {
    const fresh = await setup();
    expect((await openBills(fresh)).json()).toEqual({ bills: [] });
  });

  it('is for staff who follow orders: a server sees it, the kitchen does not', async () => {
    const server = await staffTokenFor(t, p.restaurantId, 'server');
    const served = await openBills(p, server.auth);
    expect(served.statusCode).toBe(200);
    expect(served.json().bills).toHaveLength(2);
    const kitchen = await staffTokenFor(t, p.restaurantId, 'kitchen');
    const refused = await openBills(p, kitchen.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(staffRoleMessages.forbidden);
  });

  it("answers another owner's restaurant as a missing one, and nobody without a login", async () => {
    const response = await openBills(p, other.owner.auth);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(restaurantServerMessages.notFound);
    expect((await openBills(p, {})).statusCode).toBe(401);
  });

  it('needs a valid subscription', async () => {
    const lapsed = await setup();
    await expireSubscription(t, lapsed.owner);
    const response = await openBills(lapsed);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(subscriptionServerMessages.subscriptionRequired);
  });
});
