import type { OrderStatus } from '@tableserve/contract/order';
import type { StaffOrder } from '@tableserve/contract/owner-orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMenuItem, placeDinerOrder, signUpDiner } from '../../test/orders';
import { renewingAuth } from '../../test/owners';
import { openingHours, ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The staff's order lists through their endpoints: a page past the end, and the business day
 * (docs/product/order-statuses.md#status-machine, ADR 008) that the Order Summary counters, the kitchen and the daily sales read,
 * across midnight, across the closing-day rule and across a daylight-saving change in two zones.
 * Orders are placed through the API at set instants of the app's clock.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

/** The file's clock only moves forward: the scenarios below run in date order. */
function moveClockTo(iso: string) {
  const ms = Date.parse(iso) - t.clock.now().getTime();
  if (ms < 0) throw new Error(`the clock is already past ${iso}`);
  t.clock.advance(ms);
}

const api = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });

/**
 * A subscribed owner's restaurant with one dish, created at the clock's current instant. Its
 * `auth()` logs the owner in again once the clock has moved past most of the token's 12 hours.
 */
async function setup(overrides: Record<string, unknown> = {}) {
  const place = await ownerWithRestaurant(t, overrides);
  const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12.5 });
  return {
    ...place,
    pizza,
    /** The restaurant's zone (restaurantBody's default unless overridden). */
    timezone: (overrides.timezone as string | undefined) ?? 'America/Los_Angeles',
    auth: renewingAuth(t, place.owner),
  };
}
type Place = Awaited<ReturnType<typeof setup>>;

/** A walk-in order placed at `iso` (UTC) and brought to `status` there; answers its id. */
async function orderAt(p: Place, iso: string, status: OrderStatus = 'Pending') {
  moveClockTo(iso);
  const auth = await p.auth();
  const response = await api('POST', '/customer/place-order', auth, {
    restaurant_id: p.restaurantId,
    user_id: p.owner.userId,
    customer_name: 'Walk-in Wendy',
    phone_number: '5035550199',
    total_amount: 0,
    items: [{ menu_id: p.pizza, quantity: 1 }],
  });
  expect(response.statusCode, response.body).toBe(201);
  const orderId = response.json().order_id as number;
  const steps: Record<OrderStatus, OrderStatus[]> = {
    Pending: [],
    Approved: ['Approved'],
    Ready: ['Ready'],
    Completed: ['Ready', 'Completed'],
    Cancelled: ['Cancelled'],
  };
  for (const step of steps[status]) {
    const moved = await api(
      'POST',
      `/kitchen/restaurant/${p.restaurantId}/update-order-status/${orderId}`,
      auth,
      { status: step },
    );
    expect(moved.statusCode).toBe(200);
  }
  return orderId;
}

/** A walk-in order a minute from now, so the newest-first lists have a strict order. */
const orderSoon = (p: Place, status: OrderStatus = 'Pending') =>
  orderAt(p, new Date(t.clock.now().getTime() + 60_000).toISOString(), status);

const summaryList = async (p: Place, query = '') =>
  api('GET', `/customer/orders/${p.restaurantId}${query}`, await p.auth());
const ownerList = async (p: Place, query = '') =>
  api('GET', `/owner/restaurant/${p.restaurantId}/orders${query}`, await p.auth());

/** Order Summary's counters now: the business day they cover, its orders and its paid orders. */
async function counters(p: Place) {
  const response = await summaryList(p);
  expect(response.statusCode).toBe(200);
  const { working_hours_date, working_hours_total_orders, working_hours_paid_orders } =
    response.json().pagination;
  return { date: working_hours_date, total: working_hours_total_orders, paid: working_hours_paid_orders };
}

/** The order ids on the kitchen screen now, oldest first. */
async function kitchenIds(p: Place) {
  const response = await api('GET', `/kitchen/restaurant/${p.restaurantId}/orders`, await p.auth());
  expect(response.statusCode).toBe(200);
  return (response.json().orders as StaffOrder[]).map((order) => order.order_id);
}

/** The daily sales report of `date` as ids, count and revenue. */
async function salesOf(p: Place, date: string) {
  const response = await api('GET', `/customer/daily-sales/${p.restaurantId}?date=${date}`, await p.auth());
  expect(response.statusCode).toBe(200);
  const report = response.json() as {
    date: string;
    timezone: string;
    total_orders: number;
    total_revenue: number;
    orders: { order_id: number }[];
  };
  expect(report.date).toBe(date);
  // The zone the report's day is read in, so the popup and the CSV show times in it.
  expect(report.timezone).toBe(p.timezone);
  return {
    ids: report.orders.map((order) => order.order_id),
    total: report.total_orders,
    revenue: report.total_revenue,
  };
}

/** Each order's business day as the staff's lists carry it (order_date). */
async function orderDates(p: Place, ids: number[]) {
  const orders = (await ownerList(p, '?per_page=50')).json().orders as StaffOrder[];
  return ids.map((id) => orders.find((order) => order.order_id === id)?.order_date);
}

describe('a page past the end', () => {
  it('is an empty page with the true totals on Order Management, as on the diner’s own list', async () => {
    const p = await setup();
    const ids = [await orderSoon(p), await orderSoon(p), await orderSoon(p)];

    const past = await ownerList(p, '?per_page=2&page=3');
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual({
      orders: [],
      pagination: { page: 3, per_page: 2, total: 3, total_pages: 2 },
    });
    expect((await ownerList(p, '?page=2')).json()).toEqual({
      orders: [],
      pagination: { page: 2, per_page: 10, total: 3, total_pages: 1 },
    });
    // The last real page still holds the oldest order.
    const last = (await ownerList(p, '?per_page=2&page=2')).json().orders as StaffOrder[];
    expect(last.map((order) => order.order_id)).toEqual([ids[0]]);
    // A restaurant with no orders has one (empty) page.
    const empty = await setup();
    expect((await ownerList(empty, '?page=4')).json()).toEqual({
      orders: [],
      pagination: { page: 4, per_page: 10, total: 0, total_pages: 1 },
    });
    // Outside the page bounds is a bad request, not an empty page.
    for (const query of ['?page=0', '?page=100001', '?page=x', '?per_page=0']) {
      expect({ query, status: (await ownerList(p, query)).statusCode }).toEqual({ query, status: 400 });
    }

    // The diner's own order list answers a page past the end the same way.
    const diner = await signUpDiner(t, p.restaurantId);
    await placeDinerOrder(t, diner, p.restaurantId, [{ menu_item_id: p.pizza, quantity: 1 }]);
    const dinerPast = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer/${diner.customer_id}/orders?page=5`,
      headers: diner.auth,
    });
    expect(dinerPast.statusCode).toBe(200);
    expect(dinerPast.json()).toEqual({
      orders: [],
      pagination: { page: 5, per_page: 10, total: 1, total_pages: 1 },
    });
  });

  it("is an empty page on Order Summary, filtered or searched, with today's counters intact", async () => {
    const p = await setup();
    await orderSoon(p, 'Completed');
    await orderSoon(p, 'Ready');
    await orderSoon(p);

    const page = async (query: string) => {
      const response = await summaryList(p, query);
      expect(response.statusCode).toBe(200);
      return response.json() as { orders: StaffOrder[]; pagination: Record<string, unknown> };
    };
    const today = (await counters(p)).date;
    const counted = {
      working_hours_total_orders: 3,
      working_hours_paid_orders: 1,
      working_hours_date: today,
    };

    expect(await page('?page=2')).toEqual({
      orders: [],
      pagination: { page: 2, per_page: 10, total: 3, total_pages: 1, ...counted },
    });
    expect(await page('?filter=pending&per_page=1&page=3')).toEqual({
      orders: [],
      pagination: { page: 3, per_page: 1, total: 2, total_pages: 2, ...counted },
    });
    // No cancelled order: one empty page, so page 2 is past the end.
    expect(await page('?filter=cancelled&page=2')).toEqual({
      orders: [],
      pagination: { page: 2, per_page: 10, total: 0, total_pages: 1, ...counted },
    });
    expect(await page('?search=wendy&sort=oldest&per_page=2&page=7')).toEqual({
      orders: [],
      pagination: { page: 7, per_page: 2, total: 3, total_pages: 2, ...counted },
    });
    for (const query of ['?page=0', '?page=100001', '?per_page=51']) {
      expect({ query, status: (await summaryList(p, query)).statusCode }).toEqual({ query, status: 400 });
    }
  });
});

describe("the business day through the endpoints, in the restaurant's zone", () => {
  it('Los Angeles, spring forward: a Saturday closing at 02:00 Sunday, an hour that never shows', async () => {
    // 2026-03-08 02:00 PST → 03:00 PDT. Saturday closes at 02:00 on Sunday (closing-day rule);
    // 02:00 does not exist that night, so Saturday's business day ends at 03:00 PDT (10:00 UTC).
    moveClockTo('2026-03-07T20:00:00Z'); // Saturday 12:00 PST
    const p = await setup({
      timezone: 'America/Los_Angeles',
      opening_hours: openingHours({ saturday: { open: '17:00', close: '02:00' } }),
    });
    const beforeMidnight = await orderAt(p, '2026-03-08T07:59:00Z', 'Completed'); // Sat 23:59 PST
    const afterMidnight = await orderAt(p, '2026-03-08T08:30:00Z', 'Completed'); // Sun 00:30 PST
    const lastOne = await orderAt(p, '2026-03-08T09:59:00Z', 'Ready'); // Sun 01:59 PST
    expect(await counters(p)).toEqual({ date: '2026-03-07', total: 3, paid: 2 });
    expect(await kitchenIds(p)).toEqual([beforeMidnight, afterMidnight, lastOne]);

    // One minute later the clocks read 03:00 PDT: Sunday's business day, counters from zero.
    moveClockTo('2026-03-08T10:00:00Z');
    expect(await counters(p)).toEqual({ date: '2026-03-08', total: 0, paid: 0 });
    expect(await kitchenIds(p)).toEqual([]);
    const sundayFirst = await orderAt(p, '2026-03-08T10:00:00Z', 'Completed'); // Sun 03:00 PDT
    const sundayLast = await orderAt(p, '2026-03-09T06:59:00Z', 'Cancelled'); // Sun 23:59 PDT
    expect(await counters(p)).toEqual({ date: '2026-03-08', total: 2, paid: 1 });
    // Sunday closes at 22:00: Monday starts at midnight PDT.
    const monday = await orderAt(p, '2026-03-09T07:00:00Z'); // Mon 00:00 PDT
    expect(await counters(p)).toEqual({ date: '2026-03-09', total: 1, paid: 0 });

    expect(
      await orderDates(p, [beforeMidnight, afterMidnight, lastOne, sundayFirst, sundayLast, monday]),
    ).toEqual(['2026-03-07', '2026-03-07', '2026-03-07', '2026-03-08', '2026-03-08', '2026-03-09']);
    expect(await salesOf(p, '2026-03-07')).toEqual({
      ids: [beforeMidnight, afterMidnight, lastOne],
      total: 3,
      revenue: 25,
    });
    expect(await salesOf(p, '2026-03-08')).toEqual({
      ids: [sundayFirst, sundayLast],
      total: 2,
      revenue: 12.5,
    });
    expect(await salesOf(p, '2026-03-09')).toEqual({ ids: [monday], total: 1, revenue: 0 });
    // Friday closes at 22:00, so nothing of Saturday's night leaks into Friday.
    expect(await salesOf(p, '2026-03-06')).toEqual({ ids: [], total: 0, revenue: 0 });
  });

  it('Berlin, spring forward: a 23-hour Sunday, midnight to midnight', async () => {
    // 2026-03-29 02:00 CET → 03:00 CEST. No day closes after midnight.
    moveClockTo('2026-03-28T12:00:00Z'); // Saturday 13:00 CET
    const p = await setup({ timezone: 'Europe/Berlin', opening_hours: openingHours() });
    const saturday = await orderAt(p, '2026-03-28T22:59:00Z', 'Completed'); // Sat 23:59 CET
    expect(await counters(p)).toEqual({ date: '2026-03-28', total: 1, paid: 1 });
    const midnight = await orderAt(p, '2026-03-28T23:00:00Z', 'Completed'); // Sun 00:00 CET
    expect(await counters(p)).toEqual({ date: '2026-03-29', total: 1, paid: 1 });
    const beforeJump = await orderAt(p, '2026-03-29T00:59:00Z'); // Sun 01:59 CET
    const afterJump = await orderAt(p, '2026-03-29T01:00:00Z', 'Completed'); // Sun 03:00 CEST
    const lastOne = await orderAt(p, '2026-03-29T21:59:00Z', 'Approved'); // Sun 23:59 CEST
    expect(await counters(p)).toEqual({ date: '2026-03-29', total: 4, paid: 2 });
    expect(await kitchenIds(p)).toEqual([midnight, beforeJump, afterJump, lastOne]);
    const monday = await orderAt(p, '2026-03-29T22:00:00Z'); // Mon 00:00 CEST
    expect(await counters(p)).toEqual({ date: '2026-03-30', total: 1, paid: 0 });
    expect(await kitchenIds(p)).toEqual([monday]);

    expect(await orderDates(p, [saturday, midnight, beforeJump, afterJump, lastOne, monday])).toEqual([
      '2026-03-28',
      '2026-03-29',
      '2026-03-29',
      '2026-03-29',
      '2026-03-29',
      '2026-03-30',
    ]);
    expect(await salesOf(p, '2026-03-28')).toEqual({ ids: [saturday], total: 1, revenue: 12.5 });
    expect(await salesOf(p, '2026-03-29')).toEqual({
      ids: [midnight, beforeJump, afterJump, lastOne],
      total: 4,
      revenue: 25,
    });
    expect(await salesOf(p, '2026-03-30')).toEqual({ ids: [monday], total: 1, revenue: 0 });
  });

  it('Berlin, fall back: a Saturday closing at 02:30 Sunday, an hour that shows twice', async () => {
    // 2026-10-25 03:00 CEST → 02:00 CET: 02:00–03:00 happens twice. Saturday closes at 02:30 on
    // Sunday, taken at its first occurrence (00:30 UTC): an order at the second 02:15 is Sunday's.
    moveClockTo('2026-10-24T16:00:00Z'); // Saturday 18:00 CEST
    const p = await setup({
      timezone: 'Europe/Berlin',
      opening_hours: openingHours({ saturday: { open: '18:00', close: '02:30' } }),
    });
    const evening = await orderAt(p, '2026-10-24T16:00:00Z', 'Completed'); // Sat 18:00 CEST
    const afterMidnight = await orderAt(p, '2026-10-24T22:30:00Z', 'Completed'); // Sun 00:30 CEST
    const firstTwoFifteen = await orderAt(p, '2026-10-25T00:15:00Z'); // Sun 02:15 CEST
    expect(await counters(p)).toEqual({ date: '2026-10-24', total: 3, paid: 2 });
    const closing = await orderAt(p, '2026-10-25T00:30:00Z', 'Completed'); // Sun 02:30 CEST
    expect(await counters(p)).toEqual({ date: '2026-10-25', total: 1, paid: 1 });
    const secondTwoFifteen = await orderAt(p, '2026-10-25T01:15:00Z'); // Sun 02:15 CET
    const sundayLast = await orderAt(p, '2026-10-25T22:59:00Z', 'Ready'); // Sun 23:59 CET
    expect(await counters(p)).toEqual({ date: '2026-10-25', total: 3, paid: 1 });
    expect(await kitchenIds(p)).toEqual([closing, secondTwoFifteen, sundayLast]);
    const monday = await orderAt(p, '2026-10-25T23:00:00Z'); // Mon 00:00 CET
    expect(await counters(p)).toEqual({ date: '2026-10-26', total: 1, paid: 0 });

    expect(
      await orderDates(p, [
        evening,
        afterMidnight,
        firstTwoFifteen,
        closing,
        secondTwoFifteen,
        sundayLast,
        monday,
      ]),
    ).toEqual([
      '2026-10-24',
      '2026-10-24',
      '2026-10-24',
      '2026-10-25',
      '2026-10-25',
      '2026-10-25',
      '2026-10-26',
    ]);
    expect(await salesOf(p, '2026-10-24')).toEqual({
      ids: [evening, afterMidnight, firstTwoFifteen],
      total: 3,
      revenue: 25,
    });
    expect(await salesOf(p, '2026-10-25')).toEqual({
      ids: [closing, secondTwoFifteen, sundayLast],
      total: 3,
      revenue: 12.5,
    });
    expect(await salesOf(p, '2026-10-26')).toEqual({ ids: [monday], total: 1, revenue: 0 });
  });

  it('Los Angeles, fall back: a 25-hour Sunday holds both 01:30s', async () => {
    // 2026-11-01 02:00 PDT → 01:00 PST. No day closes after midnight.
    moveClockTo('2026-10-31T20:00:00Z'); // Saturday 13:00 PDT
    const p = await setup({ timezone: 'America/Los_Angeles', opening_hours: openingHours() });
    const saturday = await orderAt(p, '2026-11-01T06:59:00Z', 'Completed'); // Sat 23:59 PDT
    const midnight = await orderAt(p, '2026-11-01T07:00:00Z'); // Sun 00:00 PDT
    const firstHalfPast = await orderAt(p, '2026-11-01T08:30:00Z', 'Completed'); // Sun 01:30 PDT
    const secondHalfPast = await orderAt(p, '2026-11-01T09:30:00Z', 'Completed'); // Sun 01:30 PST
    expect(await counters(p)).toEqual({ date: '2026-11-01', total: 3, paid: 2 });
    const sundayLast = await orderAt(p, '2026-11-02T07:59:00Z', 'Cancelled'); // Sun 23:59 PST
    expect(await counters(p)).toEqual({ date: '2026-11-01', total: 4, paid: 2 });
    expect(await kitchenIds(p)).toEqual([midnight, firstHalfPast, secondHalfPast, sundayLast]);
    moveClockTo('2026-11-02T08:00:00Z'); // Mon 00:00 PST
    expect(await counters(p)).toEqual({ date: '2026-11-02', total: 0, paid: 0 });
    const monday = await orderAt(p, '2026-11-02T08:00:00Z', 'Completed');

    expect(
      await orderDates(p, [saturday, midnight, firstHalfPast, secondHalfPast, sundayLast, monday]),
    ).toEqual(['2026-10-31', '2026-11-01', '2026-11-01', '2026-11-01', '2026-11-01', '2026-11-02']);
    expect(await salesOf(p, '2026-10-31')).toEqual({ ids: [saturday], total: 1, revenue: 12.5 });
    expect(await salesOf(p, '2026-11-01')).toEqual({
      ids: [midnight, firstHalfPast, secondHalfPast, sundayLast],
      total: 4,
      revenue: 25,
    });
    expect(await salesOf(p, '2026-11-02')).toEqual({ ids: [monday], total: 1, revenue: 12.5 });
  });
});
