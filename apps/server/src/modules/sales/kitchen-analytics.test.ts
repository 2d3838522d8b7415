import type { KitchenAnalyticsResponse } from '@tableserve/contract/kitchen-analytics';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { addMenuItem } from '../../test/orders';
import { renewingAuth } from '../../test/owners';
import { openingHours, ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Kitchen analytics (docs/decisions/014-kitchen-analytics.md, ADR 014) through GET
 * /owner/restaurant/{id}/kitchen-analytics, from orders moved along the status machine through
 * the API at set instants of the app's clock, so every figure below is known to the second.
 * Los Angeles is UTC-8 in early March 2026 (daylight saving starts on the 8th).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
type Headers = Record<string, string>;

/** The file's clock only moves forward: the scenarios below run in date order. */
function moveClockTo(iso: string) {
  const ms = Date.parse(iso) - t.clock.now().getTime();
  if (ms < 0) throw new Error(`the clock is already past ${iso}`);
  t.clock.advance(ms);
}

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });

/** A subscribed owner's restaurant with dishes; `auth()` logs in again once the token is old. */
async function setup(overrides: Record<string, unknown> = {}) {
  const place = await ownerWithRestaurant(t, overrides);
  const dish = (item_name: string, price: number) => addMenuItem(t, place, { item_name, price });
  const menu = {
    pizza: await dish('Pizza', 12.5),
    salad: await dish('Salad', 8),
    soup: await dish('Soup', 6),
  };
  return {
    ...place,
    menu,
    auth: renewingAuth(t, place.owner),
  };
}
type Place = Awaited<ReturnType<typeof setup>>;

/** A walk-in order placed at `iso` with these lines; answers its id. */
async function placeAt(p: Place, iso: string, items: [menuId: number, quantity: number][]) {
  moveClockTo(iso);
  const response = await api('POST', '/customer/place-order', await p.auth(), {
    restaurant_id: p.restaurantId,
    user_id: p.owner.userId,
    customer_name: 'Walk-in Wendy',
    phone_number: '5035550199',
    total_amount: 0,
    items: items.map(([menu_id, quantity]) => ({ menu_id, quantity })),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().order_id as number;
}

/** Each step through the endpoint the staff's screens use for it, at `iso`. */
async function stepAt(
  p: Place,
  iso: string,
  orderId: number,
  step: 'Approved' | 'Ready' | 'Cancelled' | 'Paid' | 'Deleted' | 'Recalled',
) {
  moveClockTo(iso);
  const auth = await p.auth();
  const base = `/owner/restaurant/${p.restaurantId}`;
  const kitchen = (status: string) =>
    api('POST', `/kitchen/restaurant/${p.restaurantId}/update-order-status/${orderId}`, auth, { status });
  const response =
    step === 'Approved'
      ? await api('POST', `${base}/approve-order/${orderId}`, auth)
      : step === 'Paid'
        ? await api('POST', `${base}/mark-paid/${orderId}`, auth)
        : step === 'Deleted'
          ? await api('DELETE', `${base}/delete-order/${orderId}`, auth)
          : // The kitchen's recall is its status call with Approved (ADR 016).
            await kitchen(step === 'Recalled' ? 'Approved' : step);
  expect(response.statusCode, response.body).toBe(200);
}

const analyticsUrl = (restaurantId: number, query: string) =>
  `/owner/restaurant/${restaurantId}/kitchen-analytics${query}`;

async function analytics(p: Place, query: string): Promise<KitchenAnalyticsResponse> {
  const response = await api('GET', analyticsUrl(p.restaurantId, query), await p.auth());
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const stampsOf = async (orderId: number) => {
  const [row] = await t.app.database.db
    .select({ approvedAt: orders.approvedAt, readyAt: orders.readyAt, updatedAt: orders.updatedAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  return {
    approvedAt: row?.approvedAt?.toISOString() ?? null,
    readyAt: row?.readyAt?.toISOString() ?? null,
    updatedAt: row?.updatedAt.toISOString(),
  };
};

describe('kitchen analytics of a business day and a range', () => {
  let p: Place;
  let other: Place;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    p = await setup();
    other = await setup();
  });

  it('answers an empty day with no figures rather than zeros that look measured', async () => {
    expect(await analytics(p, '?from=2026-03-03')).toEqual({
      from: '2026-03-03',
      to: '2026-03-03',
      timezone: 'America/Los_Angeles',
      late_after_minutes: 20,
      orders: 0,
      prepared_orders: 0,
      average_preparation_seconds: null,
      p90_preparation_seconds: null,
      late_orders: 0,
      hours: [],
      best_sellers: [],
    });
  });

  it('stamps Approved and Ready in the statement that changes the status, and keeps them after', async () => {
    const { pizza, salad, soup } = p.menu;
    // A: 11:00 local, approved 2 min later, Ready 12 min after that (waited 14 min).
    ids.A = await placeAt(p, '2026-03-03T19:00:00Z', [
      [pizza, 2],
      [salad, 1],
    ]);
    await stepAt(p, '2026-03-03T19:02:00Z', ids.A, 'Approved');
    expect(await stampsOf(ids.A)).toEqual({
      approvedAt: '2026-03-03T19:02:00.000Z',
      readyAt: null,
      updatedAt: '2026-03-03T19:02:00.000Z',
    });
    await stepAt(p, '2026-03-03T19:14:00Z', ids.A, 'Ready');
    // B: 11:30, approved at 11:31, Ready 25 min later: waited 26 min, late.
    ids.B = await placeAt(p, '2026-03-03T19:30:00Z', [[pizza, 1]]);
    await stepAt(p, '2026-03-03T19:31:00Z', ids.B, 'Approved');
    // C: 11:40, approved at 11:45, Ready 8 min later, then paid: Completed keeps its Ready time.
    ids.C = await placeAt(p, '2026-03-03T19:40:00Z', [[salad, 3]]);
    await stepAt(p, '2026-03-03T19:45:00Z', ids.C, 'Approved');
    await stepAt(p, '2026-03-03T19:53:00Z', ids.C, 'Ready');
    await stepAt(p, '2026-03-03T19:56:00Z', ids.B, 'Ready');
    // D: 12:05, straight from Pending to Ready exactly 20 min later: late, no preparation time.
    ids.D = await placeAt(p, '2026-03-03T20:05:00Z', [[soup, 1]]);
    // E: approved, then cancelled: never cooked, counted nowhere.
    ids.E = await placeAt(p, '2026-03-03T20:10:00Z', [[pizza, 5]]);
    await stepAt(p, '2026-03-03T20:11:00Z', ids.E, 'Approved');
    await stepAt(p, '2026-03-03T20:15:00Z', ids.E, 'Cancelled');
    await stepAt(p, '2026-03-03T20:25:00Z', ids.D, 'Ready');
    await stepAt(p, '2026-03-03T20:30:00Z', ids.C, 'Paid');
    expect(await stampsOf(ids.C)).toEqual({
      approvedAt: '2026-03-03T19:45:00.000Z',
      readyAt: '2026-03-03T19:53:00.000Z',
      updatedAt: '2026-03-03T20:30:00.000Z',
    });
    expect(await stampsOf(ids.D)).toMatchObject({ approvedAt: null, readyAt: '2026-03-03T20:25:00.000Z' });
    expect(await stampsOf(ids.E)).toMatchObject({ approvedAt: '2026-03-03T20:11:00.000Z', readyAt: null });

    // The soup is renamed: lines keep the name they were ordered with.
    moveClockTo('2026-03-03T21:00:00Z');
    const renamed = await api('POST', `/menu/update-menu-item/${soup}`, await p.auth(), {
      item_name: 'Tomato Soup',
      description: 'Good',
      price: 6,
      category: 'MainCourse',
      restaurant_id: p.restaurantId,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // F: 14:50, still Pending. G: placed, then deleted: hidden from every report.
    ids.F = await placeAt(p, '2026-03-03T22:50:00Z', [
      [pizza, 1],
      [soup, 1],
    ]);
    ids.G = await placeAt(p, '2026-03-03T22:55:00Z', [[salad, 4]]);
    await stepAt(p, '2026-03-03T22:56:00Z', ids.G, 'Deleted');
    // Another restaurant's busy hour at the same time is none of this one's.
    const elsewhere = await placeAt(other, '2026-03-03T22:57:00Z', [[other.menu.pizza, 9]]);
    await stepAt(other, '2026-03-03T22:58:00Z', elsewhere, 'Approved');
    await stepAt(other, '2026-03-03T23:03:00Z', elsewhere, 'Ready');
  });

  it('gives the day: preparation average and p90, late orders, orders per hour, best sellers', async () => {
    moveClockTo('2026-03-03T23:05:00Z');
    expect(await analytics(p, '?from=2026-03-03')).toEqual({
      from: '2026-03-03',
      to: '2026-03-03',
      timezone: 'America/Los_Angeles',
      late_after_minutes: 20,
      // A, B, C, D, F: E was cancelled, G deleted.
      orders: 5,
      // A, B and C went through Approved to Ready: 12, 25 and 8 minutes.
      prepared_orders: 3,
      average_preparation_seconds: 900,
      p90_preparation_seconds: 1500,
      // B (26 min) and D (exactly 20); F has waited 15 min so far.
      late_orders: 2,
      // 11:00, 11:30, 11:40 | 12:05 | none at 13 | 14:50, on the restaurant's clock.
      hours: [
        { hour: 11, orders: 3 },
        { hour: 12, orders: 1 },
        { hour: 13, orders: 0 },
        { hour: 14, orders: 1 },
      ],
      best_sellers: [
        { product_name: 'Pizza', quantity: 4, orders: 3 },
        { product_name: 'Salad', quantity: 4, orders: 2 },
        { product_name: 'Soup', quantity: 1, orders: 1 },
        { product_name: 'Tomato Soup', quantity: 1, orders: 1 },
      ],
    });
  });

  it('counts an order still to cook as late once it has waited the minutes, like a red kitchen card', async () => {
    moveClockTo('2026-03-03T23:09:59Z');
    expect((await analytics(p, '?from=2026-03-03')).late_orders).toBe(2);
    moveClockTo('2026-03-03T23:10:00Z');
    expect((await analytics(p, '?from=2026-03-03')).late_orders).toBe(3);
  });

  it('reads late_after in minutes: the kitchen tablet may use other thresholds than 20', async () => {
    const lateAfter = async (minutes: number) => {
      const report = await analytics(p, `?from=2026-03-03&late_after=${minutes}`);
      expect(report.late_after_minutes).toBe(minutes);
      return report.late_orders;
    };
    // Waits: A 14, B 26, C 13, D 20, F 20 (still Pending).
    expect(await lateAfter(10)).toBe(5);
    expect(await lateAfter(14)).toBe(4);
    expect(await lateAfter(21)).toBe(1);
    expect(await lateAfter(26)).toBe(1);
    expect(await lateAfter(27)).toBe(0);
  });

  it('reads a range of business days, with a p90 that is a real preparation time, not the slowest', async () => {
    // Ten orders at 10:00 on the 4th, prepared in 1 to 10 minutes.
    const placed: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      placed.push(
        await placeAt(p, new Date(Date.parse('2026-03-04T18:00:00Z') + i * 1000).toISOString(), [
          [p.menu.pizza, 1],
        ]),
      );
    }
    const events = placed.flatMap((orderId, i) => {
      const approvedAt = Date.parse('2026-03-04T18:01:00Z') + i * 2 * MINUTE;
      return [
        { at: approvedAt, orderId, step: 'Approved' as const },
        { at: approvedAt + (i + 1) * MINUTE, orderId, step: 'Ready' as const },
      ];
    });
    for (const event of events.sort((a, b) => a.at - b.at))
      await stepAt(p, new Date(event.at).toISOString(), event.orderId, event.step);

    const day = await analytics(p, '?from=2026-03-04');
    expect(day).toMatchObject({
      orders: 10,
      prepared_orders: 10,
      average_preparation_seconds: 330,
      // Nearest rank: the 9th of 10 (an interpolating percentile would say 546).
      p90_preparation_seconds: 540,
      // Placed at 18:00; the 8th, 9th and 10th were Ready 22, 25 and 28 minutes after.
      late_orders: 3,
      hours: [{ hour: 10, orders: 10 }],
      best_sellers: [{ product_name: 'Pizza', quantity: 10, orders: 10 }],
    });

    expect(await analytics(p, '?from=2026-03-03&to=2026-03-04')).toEqual({
      from: '2026-03-03',
      to: '2026-03-04',
      timezone: 'America/Los_Angeles',
      late_after_minutes: 20,
      orders: 15,
      prepared_orders: 13,
      // (720 + 1500 + 480 + 60 + 120 + … + 600) / 13 = 6000 / 13.
      average_preparation_seconds: 462,
      // The 12th of 13 sorted: 60 … 480, 480, 540, 600, 720, 1500.
      p90_preparation_seconds: 720,
      late_orders: 6,
      hours: [
        { hour: 10, orders: 10 },
        { hour: 11, orders: 3 },
        { hour: 12, orders: 1 },
        { hour: 13, orders: 0 },
        { hour: 14, orders: 1 },
      ],
      best_sellers: [
        { product_name: 'Pizza', quantity: 14, orders: 13 },
        { product_name: 'Salad', quantity: 4, orders: 2 },
        { product_name: 'Soup', quantity: 1, orders: 1 },
        { product_name: 'Tomato Soup', quantity: 1, orders: 1 },
      ],
    });
    // The other restaurant sees its own order only.
    expect(await analytics(other, '?from=2026-03-03&to=2026-03-04')).toMatchObject({
      orders: 1,
      prepared_orders: 1,
      average_preparation_seconds: 300,
      best_sellers: [{ product_name: 'Pizza', quantity: 9, orders: 1 }],
    });
  });

  it("answers another owner's restaurant, a missing one and a call without a token like nothing is there", async () => {
    const url = analyticsUrl(p.restaurantId, '?from=2026-03-03');
    const foreign = await api('GET', url, await other.auth());
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: expect.any(String), code: 'RESTAURANT_NOT_FOUND' });
    expect(foreign.body).not.toContain('Pizza');
    expect((await api('GET', analyticsUrl(2_000_000, '?from=2026-03-03'), await p.auth())).statusCode).toBe(
      404,
    );
    expect((await api('GET', url, {})).statusCode).toBe(401);
  });

  it('refuses bad dates, ranges and thresholds with a 400 naming the field, and changes nothing', async () => {
    const before = await analytics(p, '?from=2026-03-03&to=2026-03-04');
    const stamps = await stampsOf(ids.B!);
    const refused: [query: string, field: string][] = [
      ['', 'from'],
      ['?from=2026-3-3', 'from'],
      ['?from=2026-02-30', 'from'],
      ['?from=03/03/2026', 'from'],
      ['?from=2026-03-03&to=2026-03-02', 'to'],
      ['?from=2026-03-01&to=2026-04-01', 'to'],
      ['?from=2026-03-03&to=tomorrow', 'to'],
      ['?from=2026-03-03&late_after=0', 'late_after'],
      ['?from=2026-03-03&late_after=241', 'late_after'],
      ['?from=2026-03-03&late_after=2.5', 'late_after'],
      ['?from=2026-03-03&late_after=soon', 'late_after'],
      ['?from=2026-03-03&restaurant_id=1', ''],
    ];
    for (const [query, field] of refused) {
      const response = await api('GET', analyticsUrl(p.restaurantId, query), await p.auth());
      expect(response.statusCode, query).toBe(400);
      const body = response.json() as { message: string; errors?: { path?: string; field?: string }[] };
      expect(body.message, query).toEqual(expect.any(String));
      if (field) expect(JSON.stringify(body.errors), query).toContain(field);
    }
    // 31 days is the longest range; a 400 left every figure and stamp as it was.
    expect(
      (await api('GET', analyticsUrl(p.restaurantId, '?from=2026-03-01&to=2026-03-31'), await p.auth()))
        .statusCode,
    ).toBe(200);
    expect(await analytics(p, '?from=2026-03-03&to=2026-03-04')).toEqual(before);
    expect(await stampsOf(ids.B!)).toEqual(stamps);
  });
});

describe('orders per hour on the restaurant clock', () => {
  it('reads hours in a half-hour zone, and puts a late night after its evening', async () => {
    // Kolkata is UTC+5:30; Friday closes at 02:00, so Saturday's first hours are Friday's.
    const p = await setup({
      timezone: 'Asia/Kolkata',
      opening_hours: openingHours({ friday: { open: '18:00', close: '02:00', closing_day: 'saturday' } }),
    });
    await placeAt(p, '2026-03-06T13:45:00Z', [[p.menu.pizza, 1]]); // Fri 19:15
    await placeAt(p, '2026-03-06T17:40:00Z', [[p.menu.pizza, 1]]); // Fri 23:10
    await placeAt(p, '2026-03-06T18:50:00Z', [[p.menu.salad, 2]]); // Sat 00:20
    await placeAt(p, '2026-03-06T19:05:00Z', [[p.menu.salad, 1]]); // Sat 00:35
    const report = await analytics(p, '?from=2026-03-06');
    expect(report.timezone).toBe('Asia/Kolkata');
    expect(report.hours).toEqual([
      { hour: 19, orders: 1 },
      { hour: 20, orders: 0 },
      { hour: 21, orders: 0 },
      { hour: 22, orders: 0 },
      { hour: 23, orders: 1 },
      { hour: 0, orders: 2 },
    ]);
    // Saturday's business day starts at 02:00 and holds none of them.
    expect((await analytics(p, '?from=2026-03-07')).orders).toBe(0);
  });
});

describe('a recalled order (Ready → Approved, ADR 016)', () => {
  it('keeps its first approval, is to cook again until Ready, and is timed to the last Ready', async () => {
    const p = await setup();
    const order = await placeAt(p, '2026-03-09T18:00:00Z', [[p.menu.pizza, 1]]);
    await stepAt(p, '2026-03-09T18:02:00Z', order, 'Approved');
    await stepAt(p, '2026-03-09T18:10:00Z', order, 'Ready');
    // Bumped by mistake: back to cooking.
    await stepAt(p, '2026-03-09T18:12:00Z', order, 'Recalled');
    expect(await stampsOf(order)).toMatchObject({ approvedAt: '2026-03-09T18:02:00.000Z', readyAt: null });
    expect(await analytics(p, '?from=2026-03-09')).toMatchObject({
      orders: 1,
      prepared_orders: 0,
      average_preparation_seconds: null,
      late_orders: 0,
    });
    // Still to cook 20 minutes after it was placed: late, like its red card.
    moveClockTo('2026-03-09T18:20:00Z');
    expect((await analytics(p, '?from=2026-03-09')).late_orders).toBe(1);

    await stepAt(p, '2026-03-09T18:25:00Z', order, 'Ready');
    expect(await stampsOf(order)).toMatchObject({
      approvedAt: '2026-03-09T18:02:00.000Z',
      readyAt: '2026-03-09T18:25:00.000Z',
    });
    expect(await analytics(p, '?from=2026-03-09')).toMatchObject({
      orders: 1,
      prepared_orders: 1,
      // 18:02 to 18:25: the first approval to the last Ready.
      average_preparation_seconds: 23 * 60,
      p90_preparation_seconds: 23 * 60,
      late_orders: 1,
    });
  });
});
