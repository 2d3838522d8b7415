import { performance } from 'node:perf_hooks';
import { MAX_BILL_LINES, MAX_ORDER_LINES } from '@tableserve/contract/order-limits';
import { MAX_TABLES } from '@tableserve/contract/restaurant';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants } from '../db/schema';
import { type BoundedRouteId, boundedRoutes } from './bounded-routes';
import {
  insertAuditTrail,
  insertLargeTableBill,
  insertMenu,
  insertOrderHistory,
  type LargeBill,
} from './large-data';
import { type Diner, signUpDiner } from './orders';
import { collectGarbage, healthTime as healthAt, inMb } from './resource-probes';
import { type Owner, ownerWithRestaurant, tableKeyFor } from './restaurants';
import { staffTokenFor } from './staff';
import { createTestApp, type TestApp } from './test-app';

/**
 * Every bounded route at once over the largest data the product accepts (docs/decisions/024-bounded-work.md;
 * docs/performance.md, "Bounded work"): a table's bill as full as placement lets it be
 * (MAX_BILL_LINES) with its receipts, a restaurant of MAX_TABLES tables, a long day of orders, a
 * long audit trail and a large menu, written straight into the tables. Each route of
 * bounded-routes.ts is asked CONCURRENCY times at once while /health is polled over a real
 * socket, as a load balancer polls it: /health must keep answering within HEALTH_BOUND_MS (a
 * burst past it is run once more, and the better one counts), and
 * memory must come back near its start afterwards. A route added to bounded-routes.ts without a
 * call here does not type-check. PGlite only: the event loop is what is measured.
 *
 * RESOURCE_BILL_LINES overrides the bill's size, to show what a bill the product no longer
 * accepts did (5,000 lines: docs/performance.md).
 */

const CONCURRENCY = 8;
/** What /health may take while the calls run (the issue's bound; a few ms when idle). */
const HEALTH_BOUND_MS = 100;
const HEAP_LEFT_MB = 30;
/** PGlite's WebAssembly memory grows with the data touched and is never given back (docs/performance.md). */
const RSS_LEFT_MB = 200;
const BILL_LINES = Number(process.env.RESOURCE_BILL_LINES ?? MAX_BILL_LINES);
/** A very busy day: 1,000 orders of 3 lines, all in one business day. */
const DAY_ORDERS = 1_000;
const AUDIT_ENTRIES = 5_000;
const MENU_ITEMS = 150;
const DATE = '2026-03-02';
/**
 * The sheets are limited per owner (6 a minute): spread over this many owners, a warm-up and two
 * bursts stay within each one's limit, so what is measured is the server's line, not the limit.
 */
const SHEET_OWNERS = 4;

let t: TestApp;
let healthUrl: string;
let place: { owner: Owner; restaurantId: number; token: string };
/** Owners of restaurants of MAX_TABLES tables: a burst of sheets spread over them stays within each one's limit. */
let sheetOwners: { owner: Owner; restaurantId: number }[];
let diner: Diner;
let bill: LargeBill;
/** The bill's table's key, as its card prints it (docs/decisions/025-table-keys.md). */
let tableKey: string;
let dayOrderIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  healthUrl = `${await t.app.listen({ host: '127.0.0.1', port: 0 })}/api/v1/health`;
  place = await ownerWithRestaurant(t, { number_of_tables: MAX_TABLES, timezone: 'UTC' });
  await t.app.database.db
    .update(restaurants)
    .set({ paymentTiming: 'end_of_meal' })
    .where(eq(restaurants.id, place.restaurantId));
  sheetOwners = [place];
  for (let i = 1; i < SHEET_OWNERS; i += 1)
    sheetOwners.push(await ownerWithRestaurant(t, { number_of_tables: MAX_TABLES }));
  diner = await signUpDiner(t, place.restaurantId);
  await insertMenu(t, { restaurantId: place.restaurantId, count: MENU_ITEMS, groups: 4, options: 10 });
  t.app.publishedMenus.invalidate(place.restaurantId);
  const now = t.clock.now();
  const linesPerOrder = Math.min(MAX_ORDER_LINES, BILL_LINES);
  bill = await insertLargeTableBill(t, {
    restaurantId: place.restaurantId,
    tableNumber: 1,
    orderCount: Math.ceil(BILL_LINES / linesPerOrder),
    linesPerOrder,
    itemsPaid: 200,
    at: new Date(now.getTime() - 30 * 60_000),
  });
  tableKey = await tableKeyFor(t, place.restaurantId, bill.tableNumber);
  dayOrderIds = await insertOrderHistory(t, {
    restaurantId: place.restaurantId,
    customerId: diner.customer_id,
    count: DAY_ORDERS,
    linesPerOrder: 3,
    at: now,
    minutes: 55,
  });
  await insertAuditTrail(t, {
    restaurantId: place.restaurantId,
    actorId: place.owner.userId,
    count: AUDIT_ENTRIES,
    at: now,
    minutes: 55,
  });
  for (const role of ['manager', 'server', 'kitchen'] as const)
    await staffTokenFor(t, place.restaurantId, role);
}, 120_000);
afterAll(() => t.close());

const rid = () => place.restaurantId;
const table = () => `token=${place.token}&table=${bill.tableNumber}&key=${tableKey}`;
const owner = (url: string): InjectOptions => ({ url: `/api/v1${url}`, headers: place.owner.auth });
const open = (url: string): InjectOptions => ({ url: `/api/v1${url}` });
let payments = 0;
let sheetsAsked = 0;

/** One call of each bounded route, over the data above; `index` tells the calls of a burst apart. */
const calls: Record<BoundedRouteId, (index: number) => InjectOptions> = {
  'GET /api/v1/table-bill': () => open(`/table-bill?${table()}`),
  'GET /api/v1/bills/{bill_id}': () => open(`/bills/${bill.billId}?${table()}`),
  'GET /api/v1/bills/{bill_id}/payments/{payment_id}': () =>
    open(`/bills/${bill.billId}/payments/${bill.byAmount.paymentId}?${table()}`),
  'POST /api/v1/bills/{bill_id}/payments': () => {
    payments += 1;
    return {
      method: 'POST',
      url: `/api/v1/bills/${bill.billId}/payments`,
      headers: { 'idempotency-key': `resource-payment-${payments}` },
      payload: {
        table_code: { token: place.token, table: String(bill.tableNumber), key: tableKey },
        version: 1,
        split: { kind: 'amount', amount: 0.01 },
        tip: { kind: 'none' },
        payment_method_id: 'pm_card_visa',
      },
    };
  },
  'GET /api/v1/bills/{bill_id}/payments/{payment_id}/receipt.pdf': (index) => {
    // The whole bill's receipt (1 cent by amount) and one paid by 200 items, in turn.
    const payment = index % 2 === 0 ? bill.byAmount : bill.byItems!;
    return open(
      `/bills/${bill.billId}/payments/${payment.paymentId}/receipt.pdf?receipt_token=${payment.receiptToken}`,
    );
  },
  'GET /api/v1/bills/open/{restaurant_id}': () => owner(`/bills/open/${rid()}`),
  'GET /api/v1/menu/table-cards/{restaurant_id}': () => {
    sheetsAsked += 1;
    const sheets = sheetOwners[sheetsAsked % sheetOwners.length]!;
    return { url: `/api/v1/menu/table-cards/${sheets.restaurantId}?paper=a4`, headers: sheets.owner.auth };
  },
  'GET /api/v1/menu/table-codes/{restaurant_id}': () => owner(`/menu/table-codes/${rid()}`),
  'GET /api/v1/customer/orders/{restaurant_id}': (index) =>
    owner(`/customer/orders/${rid()}?per_page=50&page=${index + 1}`),
  'GET /api/v1/owner/restaurant/{restaurant_id}/orders': (index) =>
    owner(`/owner/restaurant/${rid()}/orders?per_page=50&page=${index + 1}`),
  'GET /api/v1/customer/{customer_id}/orders': (index) => ({
    url: `/api/v1/customer/${diner.customer_id}/orders?per_page=50&page=${index + 1}`,
    headers: diner.auth,
  }),
  'GET /api/v1/owner/restaurant/{restaurant_id}/audit': (index) =>
    owner(`/owner/restaurant/${rid()}/audit?per_page=50&page=${index + 1}`),
  'GET /api/v1/owner/restaurant/{restaurant_id}/audit/actors': () =>
    owner(`/owner/restaurant/${rid()}/audit/actors`),
  'GET /api/v1/kitchen/restaurant/{restaurant_id}/orders': () => owner(`/kitchen/restaurant/${rid()}/orders`),
  'GET /api/v1/customer/daily-sales/{restaurant_id}': () =>
    owner(`/customer/daily-sales/${rid()}?date=${DATE}`),
  'GET /api/v1/sales/payments': () => owner(`/sales/payments?date=${DATE}`),
  'GET /api/v1/owner/restaurant/{restaurant_id}/kitchen-analytics': () =>
    owner(`/owner/restaurant/${rid()}/kitchen-analytics?from=2026-02-01&to=2026-03-03`),
  'GET /api/v1/menu/get-menu-items/{restaurant_id}': () => owner(`/menu/get-menu-items/${rid()}`),
  'GET /api/v1/customer/display-menu/{token}': () => open(`/customer/display-menu/${place.token}`),
  'GET /api/v1/orders/{order_id}/refunds': (index) => owner(`/orders/${dayOrderIds[index]}/refunds`),
  'GET /api/v1/owner/restaurant/{restaurant_id}/orders/{order_id}/history': (index) =>
    owner(`/owner/restaurant/${rid()}/orders/${dayOrderIds[index]}/history`),
  'GET /api/v1/owner/restaurant/{restaurant_id}/devices': () => owner(`/owner/restaurant/${rid()}/devices`),
  'GET /api/v1/staff': () => owner('/staff'),
  'GET /api/v1/restaurant/search-restaurants': (index) =>
    open(`/restaurant/search-restaurants?query=Blue&per_page=50&page=${index + 1}`),
};

/** What a bounded route may answer under a burst: its answer, or a refusal that holds nothing. */
const BOUNDED_REFUSALS = [429, 503];
const ANSWERS = [200, 202, 409];

const healthTime = () => healthAt(healthUrl);

let addresses = 0;
/** Each burst from an address of its own: the per-address limits count each route's own calls. */
const fromNewAddress = (call: InjectOptions): InjectOptions => {
  addresses += 1;
  return { ...call, remoteAddress: `10.77.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}` };
};

/** CONCURRENCY calls of one route at once while /health is polled: its slowest answer and the peak RSS. */
async function burst(route: BoundedRouteId) {
  const started = performance.now();
  let done = false;
  const calls$ = Promise.all(
    Array.from({ length: CONCURRENCY }, (_, index) => t.app.inject(fromNewAddress(calls[route](index)))),
  ).finally(() => {
    done = true;
  });
  let slowest = 0;
  let peakRss = process.memoryUsage().rss;
  while (!done) {
    slowest = Math.max(slowest, await healthTime());
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const responses: LightMyRequestResponse[] = await calls$;
  return {
    route,
    slowest,
    peakRss,
    ms: performance.now() - started,
    statuses: responses.map((r) => r.statusCode),
    // The answers' sizes only: keeping the answers would count them as memory not given back.
    kb: Math.round(Math.max(...responses.map((r) => r.rawPayload.length)) / 1024),
  };
}

describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')(
  'every bounded route at once, over the largest data',
  () => {
    it(`${CONCURRENCY} calls of each route of bounded-routes.ts at once: /health answers within ${HEALTH_BOUND_MS} ms, and memory comes back`, async () => {
      const routes = Object.keys(boundedRoutes) as BoundedRouteId[];
      // Warm: each route's code is loaded, and its caches filled, before anything is measured.
      for (const route of routes) {
        const warm = await t.app.inject(fromNewAddress(calls[route](0)));
        expect({ route, answered: ANSWERS.includes(warm.statusCode) }, warm.body).toEqual({
          route,
          answered: true,
        });
      }
      collectGarbage();
      const start = process.memoryUsage();
      // The collection's own aftermath (the heap grown again, code optimised anew) is not the
      // first route's: settle before the first burst.
      for (let i = 0; i < 20; i += 1) {
        await healthTime();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }

      const results = [];
      for (const route of routes) {
        const first = await burst(route);
        // Past the bound, once more: a route that holds the loop does it again, while a
        // moment the machine gave another process seldom comes back twice. The better burst counts.
        const overBound = first.slowest >= HEALTH_BOUND_MS && !('over' in boundedRoutes[route]);
        const second = overBound ? await burst(route) : first;
        results.push(second.slowest < first.slowest ? { ...second, first: first.slowest } : first);
      }
      collectGarbage();
      const after = process.memoryUsage();

      // The figures, for the record (docs/performance.md, "Bounded work").
      for (const result of results)
        console.info(
          `${result.route}: /health slowest ${Math.round(result.slowest)} ms over ${Math.round(result.ms)} ms${'first' in result ? ` (first burst ${Math.round(result.first)} ms)` : ''}; ${result.statuses.join(',')}; ${result.kb} KB`,
        );
      const peakRss = Math.max(...results.map((result) => result.peakRss));
      console.info(
        `RSS ${inMb(start.rss)} MB → peak ${inMb(peakRss)} → after ${inMb(after.rss)}; heap ${inMb(start.heapUsed)} MB → after ${inMb(after.heapUsed)}`,
      );

      for (const { route, statuses } of results) {
        const unexpected = statuses.filter((status) => ![...ANSWERS, ...BOUNDED_REFUSALS].includes(status));
        expect({ route, unexpected }).toEqual({ route, unexpected: [] });
        expect({ route, answered: statuses.some((status) => ANSWERS.includes(status)) }).toEqual({
          route,
          answered: true,
        });
      }
      // Routes written down as over their bound are reported above, not failed on.
      expect(
        results
          .filter((result) => !('over' in boundedRoutes[result.route]))
          .filter((result) => result.slowest >= HEALTH_BOUND_MS)
          .map((result) => `${result.route}: ${Math.round(result.slowest)} ms`),
      ).toEqual([]);
      expect(inMb(after.heapUsed - start.heapUsed)).toBeLessThan(HEAP_LEFT_MB);
      expect(inMb(after.rss - start.rss)).toBeLessThan(RSS_LEFT_MB);
    }, 240_000);
  },
);
