import zlib from 'node:zlib';
import { MAX_ORDER_LINES, MAX_QUANTITY } from '@tableserve/contract/order';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error';
import { LARGEST_TOTAL_CENTS, priceLines } from '../modules/orders/order-lines';
import { accountLimits } from '../plugins/rate-limits';
import {
  type FuzzRequest,
  type Mode,
  type RouteSpec,
  registeredApiRoutes,
  requestArb,
  routeSpecs,
  spelledBody,
  spelledPairArb,
} from './fuzz-routes';
import {
  applicationTables,
  idempotencyStatuses,
  installWriteCounters,
  snapshot,
  type WriteCounts,
  writeCounts,
  writtenTables,
} from './fuzz-state';
import type { Pools } from './fuzz-values';
import { addMenuItem, type Diner, placeDinerOrder, signUpDiner } from './orders';
import { freshLogin, registrationBody } from './owners';
import { insertPaidBill } from './receipts';
import { ownerWithRestaurant } from './restaurants';
import { emailArb } from './spellings';
import { createTestApp, type TestApp } from './test-app';

/**
 * SECURITY.md: requests generated from the server's own route table and zod schemas, plus
 * hostile variants, sent as an owner, a diner, nobody and with forged tokens. Whatever comes in:
 * never a 5xx, a refusal (4xx) in the API's one error shape, and a refused request (or any read)
 * changes nothing in the database. FUZZ_SEED reproduces a run (the seed is printed, and a
 * failure prints its seed and path); FUZZ_RUNS sets its size. A failure is not shrunk by default,
 * as the server's state moves on between tries; FUZZ_SHRINK=1 tries anyway.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_111);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
/** Requests between two checksums of every table. */
const WINDOW = 25;

let t: TestApp;
let specs: RouteSpec[];
let tables: string[];
let pools: Pools;
type Place = Awaited<ReturnType<typeof ownerWithRestaurant>>;
let placeA: Place;
let dinerA: Diner & { email: string; password: string };
let forgedHeaders: string[];

const api = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });

/**
 * A world to fuzz: owner A (the fuzzing owner) and owner B (another tenant), each with a menu and
 * orders, a diner of each, and the pools of their ids.
 */
async function buildWorld() {
  const placeA = await ownerWithRestaurant(t, { number_of_tables: 12 });
  const placeB = await ownerWithRestaurant(t);
  const menuA = [
    await addMenuItem(t, placeA, { item_name: 'Pizza', price: 12.5 }),
    await addMenuItem(t, placeA, { item_name: 'Soda', price: 2.25, category: 'Beverage' }),
    await addMenuItem(t, placeA, { item_name: 'Soup', price: 0.1, category: 'Starter' }),
  ];
  const menuB = [await addMenuItem(t, placeB, { item_name: 'Tart', price: 7 })];
  const dinerEmail = `fuzz-diner-${placeA.restaurantId}@example.com`;
  const dinerA = {
    ...(await signUpDiner(t, placeA.restaurantId, { email: dinerEmail })),
    email: dinerEmail,
    password: 'diner password',
  };
  const dinerB = await signUpDiner(t, placeB.restaurantId);
  const orders = [
    await placeDinerOrder(t, dinerA, placeA.restaurantId, [{ menu_item_id: menuA[0]!, quantity: 2 }]),
    await placeDinerOrder(t, dinerA, placeA.restaurantId, [{ menu_item_id: menuA[1]!, quantity: 1 }]),
    await placeDinerOrder(t, dinerA, placeA.restaurantId, [{ menu_item_id: menuA[2]!, quantity: 3 }]),
    await placeDinerOrder(t, dinerB, placeB.restaurantId, [{ menu_item_id: menuB[0]!, quantity: 1 }]),
  ];
  // Walk-ins, so approve, ready, paid, edit and delete find Pending orders for a while.
  for (let walkIn = 0; walkIn < 16; walkIn++) {
    const response = await api('POST', '/customer/place-order', placeA.owner.auth, {
      restaurant_id: placeA.restaurantId,
      user_id: placeA.owner.userId,
      customer_name: 'Walk-in',
      phone_number: '5035550100',
      total_amount: 0,
      items: [{ menu_id: menuA[walkIn % menuA.length]!, quantity: 1 + walkIn }],
    });
    orders.push(response.json().order_id as number);
  }
  const plans = (await api('GET', '/subscription/plans')).json().plans as { plan_id: number }[];
  // A paid bill, so the receipt's download finds a payment and its token.
  const paid = await insertPaidBill(t.app.database.db, {
    restaurantId: placeA.restaurantId,
    tableNumber: 2,
    rules: { pricesIncludeTax: false, serviceRate: 0, serviceMinParty: null },
    lines: [{ name: 'Pizza', unitPriceCents: 1250, quantity: 1, tax: null }],
    payments: [{ split: 'all', tipCents: 200, confirmedAt: new Date() }],
  });
  const pools: Pools = {
    ids: {
      restaurant_id: [placeA.restaurantId, placeB.restaurantId],
      menu_id: [...menuA, ...menuB],
      order_id: orders,
      user_id: [placeA.owner.userId, placeB.owner.userId],
      customer_id: [dinerA.customer_id, dinerB.customer_id],
      plan_id: plans.map((plan) => plan.plan_id),
      table_no: [1, 2, 12],
      table_number: [1, 12],
      bill_id: [paid.billId],
      payment_id: paid.payments.map((payment) => payment.paymentId),
    },
    strings: {
      token: [placeA.token, placeB.token],
      email: [placeA.owner.email, dinerEmail],
      status: ['Pending', 'Approved', 'Ready', 'Completed', 'Cancelled'],
      receipt_token: paid.payments.map((payment) => payment.receiptToken),
    },
  };
  return { placeA, menuA, dinerA, pools };
}

beforeAll(async () => {
  console.info(`fuzz: seed ${SEED}, ${RUNS} requests (FUZZ_SEED / FUZZ_RUNS to change)`);
  t = await createTestApp();
  ({ placeA, dinerA, pools } = await buildWorld());
  const [header, payload] = placeA.owner.token.split('.');
  const unsigned = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  forgedHeaders = [
    'Bearer',
    'Bearer ',
    'Bearer x.y.z',
    `Bearer ${unsigned}.${payload}.`,
    `Bearer ${header}.${payload}.${'A'.repeat(43)}`,
    `Bearer ${placeA.owner.token}x`,
    `Basic ${Buffer.from('demo@tableserve.app:demo-password').toString('base64')}`,
    `Bearer ${'a'.repeat(10_000)}`,
    `bearer  ${dinerA.token}`,
    'Bearer null',
  ];

  specs = routeSpecs((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json());
  tables = await applicationTables(t);
  await installWriteCounters(t, tables);
}, 120_000);

afterAll(() => t?.close());

describe('the route table', () => {
  it('describes every registered /api/v1 route, so every route is fuzzed', () => {
    const described = specs.map((spec) => spec.id).sort();
    expect(registeredApiRoutes(t.app)).toEqual(described);
    expect(described.length).toBeGreaterThanOrEqual(45);
    // Every body the server validates has a schema to generate from.
    for (const spec of specs.filter(
      (s) => ['POST', 'PUT'].includes(s.method) && s.binaryTypes.length === 0,
    )) {
      const takesBody =
        !/logout-everywhere|approve-order|mark-paid\/\{order_id\}|resend-invitation|devices\/\{device_id\}\/revoke/.test(
          spec.path,
        );
      if (takesBody) expect(spec.jsonBodies.length, spec.id).toBeGreaterThan(0);
    }
  });
});

type Tally = { requests: number; byRoute: Map<string, Record<string, number>>; windowsCompared: number };

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

function describeRequest(request: FuzzRequest, status: number, body: string) {
  const payload =
    typeof request.payload === 'string'
      ? request.payload.slice(0, 300)
      : request.payload
        ? `<${request.payload.length} bytes>`
        : '';
  return `${request.method} ${request.url.slice(0, 300)} as ${request.role} (${request.body}) ${JSON.stringify(request.headers).slice(0, 200)} ${payload}\n→ ${status} ${body.slice(0, 500)}`;
}

function authorization(request: FuzzRequest): Record<string, string> {
  if (request.role === 'owner') return placeA.owner.auth;
  if (request.role === 'diner') return dinerA.auth;
  if (request.role === 'forged')
    return { authorization: forgedHeaders[request.forged % forgedHeaders.length]! };
  return {};
}

let dinerLogins = 0;

/** A fuzzed log-out-everywhere ends the fuzzing sessions: log in again, as a person would. */
async function renewSessions(request: FuzzRequest, status: number) {
  if (status >= 300 || !request.route.endsWith('/logout-everywhere')) return;
  lastCounts = undefined;
  if (request.route.includes('/auth/')) placeA = { ...placeA, owner: await freshLogin(t, placeA.owner) };
  else {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/login',
      // From an address of its own each time, clear of the login limits.
      remoteAddress: `10.98.${Math.floor(++dinerLogins / 250)}.${(dinerLogins % 250) + 1}`,
      payload: { email: dinerA.email, password: dinerA.password },
    });
    if (login.statusCode !== 200) throw new Error(`diner login failed: ${login.body}`);
    const token = login.json().data.token as string;
    dinerA = { ...dinerA, token, auth: { authorization: `Bearer ${token}` } };
  }
}

/**
 * The write counters after the last request: the next request's "before". The app does its
 * writes before it answers (mail goes to files), so nothing lands in between.
 */
let lastCounts: WriteCounts | undefined;

/** The body's text, whatever Content-Encoding the fuzzed Accept-Encoding earned. */
function bodyText(response: { body: string; rawPayload: Buffer; headers: Record<string, unknown> }) {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString('utf8');
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'deflate') return zlib.inflateSync(response.rawPayload).toString('utf8');
  return response.body;
}

/** A refusal's body in the API's one error shape (docs/product/api-conventions.md#api-calls), or undefined. */
function errorShape(text: string): { message: string } | undefined {
  try {
    const answer = JSON.parse(text) as { message?: unknown };
    return typeof answer.message === 'string' ? { message: answer.message } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends one request and checks it. Answers whether it left the tables as they were on purpose
 * (a refusal or a read that wrote nothing), for the checksum of its window.
 */
async function sendAndCheck(request: FuzzRequest, tally: Tally): Promise<boolean> {
  const before = lastCounts ?? (await writeCounts(t));
  const response = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...request.headers, ...authorization(request) },
    remoteAddress: request.remoteAddress,
    ...(request.payload !== undefined && { payload: request.payload }),
  });
  lastCounts = await writeCounts(t);
  const written = writtenTables(before, lastCounts);
  const status = response.statusCode;
  tally.requests += 1;
  const counts = tally.byRoute.get(request.route) ?? {};
  counts[statusClass(status)] = (counts[statusClass(status)] ?? 0) + 1;
  tally.byRoute.set(request.route, counts);
  const text = bodyText(response);
  const what = () => describeRequest(request, status, text);

  expect(status, `a 5xx: ${what()}`).toBeLessThan(500);
  const refused = status >= 400;
  if (refused) {
    expect(errorShape(text), `not the API's error shape: ${what()}`).toBeDefined();
    // A refusal with an Idempotency-Key is remembered on purpose (a retry gets the same
    // answer, lib/idempotency.ts): that record, holding this very answer, is the one write allowed.
    // The server reads the header as HTTP gives it: surrounding spaces are not part of the key.
    const key = request.headers['idempotency-key']?.trim();
    if (key && written.length === 1 && written[0] === 'idempotency_keys')
      expect(await idempotencyStatuses(t, key), what()).toContain(status);
    else expect(written, `a refused request wrote: ${what()}`).toEqual([]);
  } else if (request.method === 'GET' && !request.route.endsWith('/verify-email')) {
    expect(written, `a read wrote: ${what()}`).toEqual([]);
  }
  await renewSessions(request, status);
  return (refused || request.method === 'GET') && written.length === 0;
}

async function fuzz(mode: Mode, runs: number, seed: number) {
  const tally: Tally = { requests: 0, byRoute: new Map(), windowsCompared: 0 };
  const arbitrary = fc.oneof(...specs.map((spec) => requestArb(spec, pools, mode, forgedHeaders.length)));
  let windowStart = await snapshot(t, tables);
  let windowClean = true;
  let inWindow = 0;
  await fc.assert(
    fc.asyncProperty(arbitrary, async (request) => {
      windowClean = (await sendAndCheck(request, tally)) && windowClean;
      inWindow += 1;
      if (inWindow < WINDOW) return;
      // Nothing but refusals and reads since the last checksum: every table is as it was.
      const now = await snapshot(t, tables);
      if (windowClean) {
        expect(now, 'the tables changed over a window of refused requests and reads').toEqual(windowStart);
        tally.windowsCompared += 1;
      }
      windowStart = now;
      windowClean = true;
      inWindow = 0;
    }),
    { seed, numRuns: runs, endOnFailure: process.env.FUZZ_SHRINK !== '1' },
  );
  return tally;
}

function report(label: string, tally: Tally) {
  const lines = [...tally.byRoute.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([route, counts]) => `  ${route}: ${JSON.stringify(counts)}`);
  console.info(
    `fuzz ${label}: ${tally.requests} requests, ${tally.windowsCompared} windows of ${WINDOW} compared by checksum\n${lines.join('\n')}`,
  );
}

describe('fuzzing every route', () => {
  it('never answers 5xx, refuses in one shape, and a refused request changes nothing', async () => {
    const shaped = await fuzz('shaped', Math.ceil(RUNS / 2), SEED);
    report('schema-shaped', shaped);
    const hostile = await fuzz('hostile', Math.floor(RUNS / 2), SEED + 1);
    report('hostile', hostile);

    expect(shaped.requests + hostile.requests).toBe(RUNS);
    // Every route was reached, and the schema-shaped requests get past validation often enough
    // to reach the services (else the fuzz would only test the validator).
    for (const spec of specs)
      expect(shaped.byRoute.has(spec.id) && hostile.byRoute.has(spec.id), spec.id).toBe(true);
    const accepted = [...shaped.byRoute.values()].reduce((sum, counts) => sum + (counts['2xx'] ?? 0), 0);
    expect(accepted).toBeGreaterThan(RUNS / 50);
    expect(hostile.windowsCompared).toBeGreaterThan(0);
  }, 600_000);
});

describe('inputs the fuzz found answering 500', () => {
  const menuItem = (description: string) => ({
    item_name: 'Pie',
    description,
    price: 4,
    category: 'Dessert',
    restaurant_id: placeA.restaurantId,
  });

  it('refuses an id beyond PostgreSQL integer in a subscription body with a 400', async () => {
    const coupon = await api(
      'POST',
      '/subscription/validate-coupon',
      {},
      { coupon_id: 'SAVE5', plan_id: 8_298_306_925_683_240 },
    );
    expect(coupon.statusCode, coupon.body).toBe(400);
    const purchase = await api('POST', '/subscription/create-subscription', placeA.owner.auth, {
      user_id: placeA.owner.userId,
      plan_id: 2_147_483_648,
      payment_method_id: 'pm_card_visa',
    });
    expect(purchase.statusCode, purchase.body).toBe(400);
  });

  it('refuses text holding a lone surrogate with a 400 naming the field', async () => {
    // U+FFFF then a lone low surrogate: PGlite refused its bytes ("invalid byte sequence").
    for (const description of ['\uffff\udfff', 'a\ud800b']) {
      const response = await api('POST', '/menu/add-menu-item', placeA.owner.auth, menuItem(description));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_UNICODE', errors: [{ path: 'description' }] });
    }
    const paired = await api('POST', '/menu/add-menu-item', placeA.owner.auth, menuItem('Pie \u{1f967}'));
    expect(paired.statusCode, paired.body).toBe(201);
  });
});

/**
 * Money (docs/product/api-conventions.md#api-calls, SECURITY.md): for generated carts the server's total is the sum of
 * price × quantity in integer cents, whatever the prices: through the pricing function itself
 * (PRICE_RUNS carts) and through place-order over HTTP (HTTP_RUNS carts: owners' walk-in forms
 * and diners' orders, within their rate limits), read back from the stored order and its lines.
 */
const PRICE_RUNS = Number(process.env.FUZZ_PRICE_RUNS ?? 1_000);
const HTTP_RUNS = Number(process.env.FUZZ_HTTP_RUNS ?? 200);
/** Walk-ins an owner may place a minute, per restaurant (orders.routes.ts), and diners' orders. */
const OWNER_ORDERS_PER_MINUTE = 60;
const DINER_ORDERS_PER_MINUTE = 10;
const MENU_SIZE = 24;

describe('money', () => {
  type MoneyPlace = Place & { menu: { menuId: number; cents: number }[]; diners: Diner[] };
  const places: MoneyPlace[] = [];
  // Most prices a menu could show, a few at the contract's $100,000 cap, and the ones floating
  // point gets wrong (0.29 × 100 is 28.999999999999996).
  const priceCents = fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0, max: 20_000 }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(1, 7, 29, 57, 99, 101, 110, 115, 1_005, 1_999, 2_345, 4_035, 8_190),
    },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 10_000_000 }) },
    { weight: 1, arbitrary: fc.constant(10_000_000) },
  );
  const line = fc.record({
    item: fc.nat({ max: MENU_SIZE - 1 }),
    quantity: fc.integer({ min: 1, max: MAX_QUANTITY }),
  });
  // Carts of every size up to the limits: a table's usual few lines, and full ones (which reach
  // the largest total an order can hold).
  const cart = fc.oneof(
    { weight: 3, arbitrary: fc.array(line, { minLength: 1, maxLength: MAX_ORDER_LINES }) },
    {
      weight: 1,
      arbitrary: fc.array(line, { minLength: MAX_ORDER_LINES - 10, maxLength: MAX_ORDER_LINES, size: 'max' }),
    },
  );
  const totalOf = (place: MoneyPlace, lines: { item: number; quantity: number }[]) =>
    lines.reduce((sum, line) => sum + place.menu[line.item]!.cents * line.quantity, 0);

  beforeAll(async () => {
    const owners = Math.ceil((HTTP_RUNS * 0.8) / OWNER_ORDERS_PER_MINUTE) + 1;
    const prices = fc.sample(priceCents, { seed: SEED, numRuns: MENU_SIZE });
    for (let index = 0; index < owners; index++) {
      const place = await ownerWithRestaurant(t, { number_of_tables: 50 });
      const menu = [];
      for (const [item, cents] of prices.entries())
        menu.push({
          menuId: await addMenuItem(t, place, { item_name: `Dish ${item}`, price: cents / 100 }),
          cents,
        });
      places.push({ ...place, menu, diners: [] });
    }
    const dinersEach = Math.ceil((HTTP_RUNS * 0.2) / owners / DINER_ORDERS_PER_MINUTE);
    for (const place of places)
      for (let index = 0; index < dinersEach; index++)
        place.diners.push(await signUpDiner(t, place.restaurantId));
  }, 300_000);

  it('keeps every menu price to the cent', async () => {
    const ids = places.flatMap((place) => place.menu.map((item) => item.menuId));
    const stored = (await t.app.database.db.execute(
      sql`select id, price_cents from menu_items where id in ${ids}`,
    )) as unknown as { rows: { id: number; price_cents: number }[] };
    const cents = new Map(stored.rows.map((row) => [Number(row.id), Number(row.price_cents)]));
    for (const item of places.flatMap((place) => place.menu)) expect(cents.get(item.menuId)).toBe(item.cents);
  });

  it(`prices ${PRICE_RUNS} generated carts as the sum of price × quantity in cents`, async () => {
    const place = places[0]!;
    let tooLarge = 0;
    // The menu as orders see it: the restaurant's published (cached) items.
    const { items } = (await t.app.publishedMenus.byId(place.restaurantId))!;
    await fc.assert(
      fc.asyncProperty(cart, async (lines) => {
        const expected = totalOf(place, lines);
        const priced = () =>
          priceLines(
            items,
            lines.map((line) => ({ menuItemId: place.menu[line.item]!.menuId, quantity: line.quantity })),
          );
        if (expected > LARGEST_TOTAL_CENTS) {
          tooLarge += 1;
          expect(priced).toThrow(AppError);
          return;
        }
        const { lines: pricedLines, totalCents } = priced();
        expect(totalCents).toBe(expected);
        expect(pricedLines.map((line) => line.unitPriceCents)).toEqual(
          lines.map((line) => place.menu[line.item]!.cents),
        );
      }),
      { seed: SEED, numRuns: PRICE_RUNS },
    );
    console.info(`money: ${PRICE_RUNS} carts priced, ${tooLarge} of them over the largest total`);
  }, 300_000);

  it(`charges ${HTTP_RUNS} generated carts placed over HTTP exactly, and stores the same total and lines`, async () => {
    let run = 0;
    let placed = 0;
    await fc.assert(
      fc.asyncProperty(cart, fc.integer({ min: 0, max: 10_000_000 }), async (lines, claimedCents) => {
        run += 1;
        const place = places[run % places.length]!;
        // One order in five is a diner's; the rest are the owner's walk-in form, whose
        // total_amount the server must ignore.
        const diner = run % 5 === 0 ? place.diners[Math.floor(run / 5) % place.diners.length] : undefined;
        const payload = diner
          ? {
              restaurant_id: place.restaurantId,
              order_type: 'dine-in',
              table_no: 1,
              order_items: lines.map((line) => ({
                menu_item_id: place.menu[line.item]!.menuId,
                quantity: line.quantity,
              })),
            }
          : {
              restaurant_id: place.restaurantId,
              user_id: place.owner.userId,
              customer_name: 'Walk-in',
              phone_number: '5035550100',
              total_amount: claimedCents / 100,
              items: lines.map((line) => ({
                menu_id: place.menu[line.item]!.menuId,
                quantity: line.quantity,
              })),
            };
        const response = await api(
          'POST',
          '/customer/place-order',
          diner ? diner.auth : place.owner.auth,
          payload,
        );
        const expected = totalOf(place, lines);
        if (expected > LARGEST_TOTAL_CENTS) {
          expect(response.statusCode, response.body).toBe(400);
          return;
        }
        expect(response.statusCode, response.body).toBe(201);
        placed += 1;
        const { order_id, total_amount } = response.json() as { order_id: number; total_amount: number };
        expect(total_amount).toBe(expected / 100);
        const stored = (await t.app.database.db.execute(sql`
          select o.total_cents, sum(i.unit_price_cents::bigint * i.quantity)::text as lines_cents, count(i.id)::int as lines
          from orders o join order_items i on i.order_id = o.id where o.id = ${order_id} group by o.id`)) as unknown as {
          rows: { total_cents: number; lines_cents: string; lines: number }[];
        };
        expect(stored.rows).toEqual([
          { total_cents: expected, lines_cents: String(expected), lines: lines.length },
        ]);
      }),
      // No shrinking: every retry would spend the owners' and diners' rate limits.
      { seed: SEED, numRuns: HTTP_RUNS, endOnFailure: true },
    );
    expect(placed).toBeGreaterThan(HTTP_RUNS / 2);
  }, 300_000);
});

/**
 * Outside testing (SECURITY.md): ids and numbers spelled as the schema reads them the same ("02", " 2", 2.0, "0x2",
 * ["2"]) are one value everywhere, generated for every route: a refusal or a read answers the
 * same in any spelling (another tenant's id stays a 404 that changes nothing), an Idempotency-Key
 * replays its one order to another spelling of the body, and a rate limit counts every spelling
 * in one bucket. On a world of its own, clear of the fuzz's spent limits.
 */
/** A dotted body path naming an id (restaurant_id, items.0.menu_id): the contract reads those with Number(). */
const isIdPath = (path: string) => /(^|[._])id$/.test(path);
const SPELLING_RUNS = Number(process.env.FUZZ_SPELLING_RUNS ?? 400);
const REPLAY_RUNS = Number(process.env.FUZZ_REPLAY_RUNS ?? 20);

describe('equivalent spellings of ids and numbers', () => {
  let world: Awaited<ReturnType<typeof buildWorld>>;
  const as = (request: FuzzRequest) =>
    request.role === 'owner' ? world.placeA.owner.auth : world.dinerA.auth;
  const inject = (request: FuzzRequest) =>
    t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: { ...request.headers, ...as(request) },
      remoteAddress: request.remoteAddress,
      ...(request.payload !== undefined && { payload: request.payload }),
    });
  const orderCount = async () =>
    Number(
      (
        (await t.app.database.db.execute(sql`select count(*)::int as n from orders`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    world = await buildWorld();
  }, 120_000);

  it(`answers ${SPELLING_RUNS} refusals and reads of every route alike in any spelling, writing nothing`, async () => {
    // Routes with a whole number to respell; log-out-everywhere has none and would end the sessions.
    const spelledSpecs = specs.filter(
      (spec) =>
        spec.binaryTypes.length === 0 &&
        (spec.jsonBodies.length > 0 || spec.parameters.some((parameter) => parameter.in !== 'header')),
    );
    const compared = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(...spelledSpecs.map((spec) => spelledPairArb(spec, world.pools))),
        async (pair) => {
          const before = await writeCounts(t);
          const canonical = await inject(pair.canonical);
          const afterCanonical = await writeCounts(t);
          // A write that took place is not repeated: the second would meet another state.
          if (writtenTables(before, afterCanonical).length > 0 || pair.respelled.length === 0) return;
          const spelled = await inject(pair.spelled);
          const what = `${describeRequest(pair.canonical, canonical.statusCode, canonical.body)}\nspelled: ${describeRequest(pair.spelled, spelled.statusCode, spelled.body)}`;
          expect(
            writtenTables(afterCanonical, await writeCounts(t)),
            `the spelled request wrote: ${what}`,
          ).toEqual([]);
          compared.set(pair.canonical.route, (compared.get(pair.canonical.route) ?? 0) + 1);
          const refusedSpelling =
            spelled.statusCode === 400 &&
            (spelled.json().errors as { path: string }[] | undefined)?.some((error) =>
              pair.respelled.some((path) => error.path === path || error.path.startsWith(`${path}.`)),
            );
          // The schema may refuse a spelling (a field that takes only JSON numbers), with a 400 naming it.
          if (refusedSpelling) return;
          // Both spellings count in one bucket (the test below): the second may be the one past a
          // limit the first had just reached (the table cards' per-owner limit, say).
          if (spelled.statusCode === 429 && canonical.statusCode !== 429) return;
          expect(spelled.statusCode, what).toBe(canonical.statusCode);
          if (canonical.statusCode !== 429) expect(spelled.body, what).toBe(canonical.body);
        },
      ),
      { seed: SEED + 2, numRuns: SPELLING_RUNS, endOnFailure: true },
    );
    console.info(
      `fuzz spellings: compared ${[...compared.values()].reduce((a, b) => a + b, 0)} pairs over ${compared.size} routes`,
    );
    expect(compared.size).toBeGreaterThan(spelledSpecs.length / 2);
  }, 300_000);

  it(`replays one order to ${REPLAY_RUNS} Idempotency-Keys sent again with the body spelled otherwise`, async () => {
    // A restaurant of its own: the sweep above may have edited or deleted the world's dishes.
    const placeA = await ownerWithRestaurant(t, { number_of_tables: 12 });
    const menuA = [
      await addMenuItem(t, placeA, { item_name: 'Replayed pie', price: 4.5 }),
      await addMenuItem(t, placeA, { item_name: 'Replayed tea', price: 1.25, category: 'Beverage' }),
    ];
    // Each replay counts against the limits too: a diner of their own, and an owner's restaurant, per run.
    const diners = await Promise.all(
      Array.from({ length: Math.ceil(REPLAY_RUNS / 2 / 5) }, () => signUpDiner(t, placeA.restaurantId)),
    );
    let run = 0;
    const order = fc.record({
      item: fc.nat({ max: menuA.length - 1 }),
      quantity: fc.integer({ min: 1, max: 9 }),
      table: fc.integer({ min: 1, max: 12 }),
    });
    await fc.assert(
      fc.asyncProperty(order, fc.uuid(), async ({ item, quantity, table }, key) => {
        run += 1;
        const diner = run % 2 === 0 ? diners[Math.floor(run / 2) % diners.length]! : undefined;
        const body = diner
          ? {
              restaurant_id: placeA.restaurantId,
              order_type: 'dine-in',
              table_no: table,
              order_items: [{ menu_item_id: menuA[item]!, quantity }],
            }
          : {
              restaurant_id: placeA.restaurantId,
              user_id: placeA.owner.userId,
              customer_name: 'Walk-in',
              phone_number: '5035550100',
              total_amount: 1,
              items: [{ menu_id: menuA[item]!, quantity }],
            };
        // Its ids respelled twice (every spelling an id takes, so both are orders the schema takes).
        const [first, second] = fc.sample(spelledBody(body, isIdPath), { seed: SEED + run, numRuns: 2 });
        const send = (payload: string) =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/customer/place-order',
            headers: {
              ...(diner ? diner.auth : placeA.owner.auth),
              'content-type': 'application/json',
              'idempotency-key': key,
            },
            payload,
          });
        const before = await orderCount();
        const placed = await send(first!.text);
        const replayed = await send(second!.text);
        const what = `${first!.text} → ${placed.statusCode} ${placed.body}\n${second!.text} → ${replayed.statusCode} ${replayed.body}`;
        expect(placed.statusCode, what).toBe(201);
        expect({ status: replayed.statusCode, body: replayed.json() }, what).toEqual({
          status: 201,
          body: placed.json(),
        });
        expect(await orderCount(), what).toBe(before + 1);
      }),
      { seed: SEED + 3, numRuns: REPLAY_RUNS, endOnFailure: true },
    );
  }, 300_000);

  it('counts generated spellings of a restaurant id or an email in one bucket: the one past the limit is a 429 that writes nothing', async () => {
    const walkInPlace = await ownerWithRestaurant(t);
    const walkInMenu = await addMenuItem(t, walkInPlace, { item_name: 'Bucket stew', price: 5 });
    const diner = await signUpDiner(t, walkInPlace.restaurantId);
    const email = `kim-bucket-${walkInPlace.restaurantId}@example.com`;
    const buckets = [
      {
        name: "a diner's orders",
        max: DINER_ORDERS_PER_MINUTE,
        url: '/api/v1/customer/place-order',
        headers: diner.auth,
        payloads: spelledBody(
          {
            restaurant_id: walkInPlace.restaurantId,
            order_type: 'dine-in',
            table_no: 1,
            order_items: [{ menu_item_id: walkInMenu, quantity: 1 }],
          },
          isIdPath,
        ).map((body) => body.text),
        remoteAddress: () => '10.96.0.1',
      },
      {
        name: "an owner's walk-ins",
        max: OWNER_ORDERS_PER_MINUTE,
        url: '/api/v1/customer/place-order',
        headers: walkInPlace.owner.auth,
        payloads: spelledBody(
          {
            restaurant_id: walkInPlace.restaurantId,
            user_id: walkInPlace.owner.userId,
            customer_name: 'Walk-in',
            phone_number: '5035550100',
            total_amount: 5,
            items: [{ menu_id: walkInMenu, quantity: 1 }],
          },
          isIdPath,
        ).map((body) => body.text),
        remoteAddress: () => '10.96.0.2',
      },
      {
        name: 'sign-ups for one email',
        max: accountLimits.register.perEmail.max,
        url: '/api/v1/auth/register',
        headers: {},
        payloads: emailArb(email).map((spelling) => JSON.stringify(registrationBody({ email: spelling }))),
        remoteAddress: (index: number) => `10.96.1.${index + 1}`,
      },
    ];
    for (const bucket of buckets) {
      const payloads = fc.sample(bucket.payloads, { seed: SEED + 4, numRuns: bucket.max + 1 });
      const answers = [];
      for (const [index, payload] of payloads.entries()) {
        const before = await writeCounts(t);
        const response = await t.app.inject({
          method: 'POST',
          url: bucket.url,
          headers: { ...bucket.headers, 'content-type': 'application/json' },
          payload,
          remoteAddress: bucket.remoteAddress(index),
        });
        answers.push(response.statusCode);
        if (index === bucket.max) {
          expect(response.statusCode, `${bucket.name}: ${payload}`).toBe(429);
          expect(writtenTables(before, await writeCounts(t)), `${bucket.name}: ${payload}`).toEqual([]);
        }
      }
      // Every spelling before it was taken and counted: orders placed, one sign-up then "taken".
      expect(answers.slice(0, bucket.max), bucket.name).not.toContain(400);
      expect(answers.slice(0, bucket.max), bucket.name).not.toContain(429);
    }
  }, 120_000);
});
