import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { orderItems, orders } from './db/schema';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from './seed/demo';
import { createPostgresDatabase } from './test/test-app';

/**
 * Crash safety (SECURITY.md): the real server process is killed with SIGKILL while
 * guest diners place orders, then started again on the same data. Every order answered 201 must
 * be there with all its lines and the right total, no order may exist without its lines, and the
 * embedded database must open again after every kill. The server:pglite project runs it on a
 * PGlite data directory, the server:postgres project on a fresh PostgreSQL database.
 */

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

/**
 * At most this many kills, and none that would end past the budget: each restart costs some 8 s
 * of CPU (tsx, PGlite's WebAssembly), so a loaded 2-core machine gets fewer kills, never less than one.
 */
const KILLS = 5;
const MIN_KILLS = 1;
const BUDGET_MS = 70_000;
/** Diners placing orders at once. */
const WORKERS = 6;
/** Each guest diner places at most this many orders: the limit is 10 a minute per diner. */
const ORDERS_PER_DINER = 5;

type Running = {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
  startMs: number;
};

/** Starts `npm start`'s process on the data and waits for its banner. */
async function startServer(env: Record<string, string>): Promise<Running> {
  const t0 = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // The banner (console.log) and the listening line (the logger) may reach the pipe in either order.
  const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;
  for (let waited = 0; !output.includes('TableServe is running') || !listening.test(output); waited += 50) {
    if (waited > 150_000 || child.exitCode !== null || child.signalCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const port = output.match(listening)?.[1];
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited, startMs: Date.now() - t0 };
}

type Answer = { status: number; body: unknown };

async function call(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: object; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: {
      ...(options.body && { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body && { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

type Line = { menu_item_id: number; quantity: number };
type Acknowledged = { orderId: number; lines: Line[]; totalCents: number };
type MenuPrices = Map<number, number>;
type ListedOrder = {
  order_id: number;
  total_amount: number;
  items: { menu_item_id: number; quantity: number; price: number }[];
};

const cents = (dollars: number) => Math.round(dollars * 100);
const byItem = (a: Line, b: Line) => a.menu_item_id - b.menu_item_id;

/** A cart of 1–4 different dishes, 1–5 of each. */
function randomCart(menuIds: number[]): Line[] {
  const pool = [...menuIds];
  return Array.from({ length: randomInt(1, 5) }, () => ({
    menu_item_id: pool.splice(randomInt(pool.length), 1)[0]!,
    quantity: randomInt(1, 6),
  }));
}

/**
 * A fresh database on TEST_DATABASE_URL's server (as test-app.ts does for the API suites), with
 * the demo data the embedded database gets on its first start.
 */
async function freshPostgres(dataDir: string) {
  const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'tableserve_crash');
  const database = await openDatabase({ databaseUrl: created.url, dataDir });
  const demo = await seedDemoData(database.db, { publicUrl: 'http://localhost:0' });
  await database.close();
  return { ...created, menuToken: new URL(demo!.menuUrl).searchParams.get('token')! };
}

describe(`the server process killed while orders are placed (${onPostgres ? 'PostgreSQL' : 'PGlite data directory'})`, () => {
  let dataDir: string;
  let dropDatabase = async () => {};
  let running: Running | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tableserve-crash-'));
  });
  afterAll(async () => {
    running?.child.kill('SIGKILL');
    await running?.exited;
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  });

  it('keeps every acknowledged order whole, and never a partial one', async () => {
    const started = Date.now();
    let databaseUrl = '';
    let menuToken: string | undefined;
    if (onPostgres) {
      const database = await freshPostgres(dataDir);
      dropDatabase = database.drop;
      databaseUrl = database.url;
      menuToken = database.menuToken;
    }
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Empty: the embedded database in DATA_DIR/pglite.
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      JWT_SECRET: 'crash-safety-secret-that-is-at-least-32-characters',
      // Each guest diner comes from an address of its own (X-Forwarded-For), clear of per-IP limits.
      TRUST_PROXY: 'true',
      SEED_DEMO: 'true',
      STRIPE_SECRET_KEY: '',
      SMTP_URL: '',
    };

    running = await startServer(env);
    const firstStartMs = running.startMs;
    // The embedded database is seeded on its first start, and the banner names the menu link.
    menuToken ??= running.output().match(/menu-display\?token=([\w-]+)/)?.[1];
    expect(menuToken).toBeDefined();
    const menu = (await call(running.url, 'GET', `/customer/display-menu/${menuToken}`)).body as {
      restaurant: { restaurant_id: number; number_of_tables: number };
      menu: { menu_id: number; price: number; option_groups: unknown[] }[];
    };
    const restaurantId = menu.restaurant.restaurant_id;
    // The dishes a cart takes as they are (a required choice would make a random line a 400).
    const plain = menu.menu.filter((item) => item.option_groups.length === 0);
    const prices: MenuPrices = new Map(plain.map((item) => [item.menu_id, cents(item.price)]));
    const menuIds = [...prices.keys()];
    expect(menuIds.length).toBeGreaterThan(4);
    const login = await call(running.url, 'POST', '/auth/login', {
      body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
      headers: { 'x-forwarded-for': '10.99.0.1' },
    });
    expect(login.status).toBe(200);
    const ownerAuth = { authorization: `Bearer ${(login.body as { token: string }).token}` };

    const acknowledged: Acknowledged[] = [];
    let unanswered = 0;
    let diners = 0;

    /** Every order of the restaurant as the owner's Order Summary lists it, checked line by line. */
    async function checkThroughApi(base: string) {
      const listed = new Map<number, ListedOrder>();
      for (let page = 1; ; page++) {
        const answer = await call(
          base,
          'GET',
          `/customer/orders/${restaurantId}?per_page=50&sort=oldest&page=${page}`,
          {
            headers: ownerAuth,
          },
        );
        expect(answer.status).toBe(200);
        const body = answer.body as { orders: ListedOrder[]; pagination: { total_pages: number } };
        for (const order of body.orders) listed.set(order.order_id, order);
        if (page >= body.pagination.total_pages) break;
      }
      for (const order of listed.values()) {
        // No partial order: lines present, and the total is theirs.
        expect(order.items.length, `order ${order.order_id} has no lines`).toBeGreaterThan(0);
        const sum = order.items.reduce((total, line) => total + cents(line.price) * line.quantity, 0);
        expect(cents(order.total_amount), `total of order ${order.order_id}`).toBe(sum);
      }
      for (const sent of acknowledged) {
        const order = listed.get(sent.orderId);
        expect(order, `acknowledged order ${sent.orderId} is missing`).toBeDefined();
        expect(
          order!.items
            .map((line) => ({ menu_item_id: line.menu_item_id, quantity: line.quantity }))
            .sort(byItem),
        ).toEqual([...sent.lines].sort(byItem));
        for (const line of order!.items) expect(cents(line.price)).toBe(prices.get(line.menu_item_id));
        expect(cents(order!.total_amount)).toBe(sent.totalCents);
      }
      return listed.size;
    }

    /** A guest diner, then orders until its share is placed or the server is gone. */
    async function worker(base: string, cycle: number, stopped: () => boolean, inFlight: { count: number }) {
      while (!stopped()) {
        diners += 1;
        const n = diners;
        const ip = `10.${100 + cycle}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
        let token: string;
        try {
          const guest = await call(base, 'POST', '/customer/create', {
            headers: { 'x-forwarded-for': ip },
            body: {
              customer_name: `Guest ${n}`,
              email: `crash-guest-${cycle}-${n}@example.com`,
              phone_number: '5125550100',
              restaurant_id: restaurantId,
              is_guest: true,
            },
          });
          if (guest.status !== 201) throw new Error(`guest check-in answered ${guest.status}`);
          token = (guest.body as { data: { token: string } }).data.token;
        } catch (error) {
          if (stopped()) return;
          throw error;
        }
        for (let placed = 0; placed < ORDERS_PER_DINER && !stopped(); placed++) {
          const lines = randomCart(menuIds);
          const totalCents = lines.reduce(
            (sum, line) => sum + prices.get(line.menu_item_id)! * line.quantity,
            0,
          );
          inFlight.count += 1;
          try {
            const answer = await call(base, 'POST', '/customer/place-order', {
              headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip },
              body: {
                restaurant_id: restaurantId,
                order_items: lines,
                order_type: 'dine-in',
                table_no: randomInt(1, menu.restaurant.number_of_tables + 1),
              },
            });
            // Only a complete answer is an acknowledgement; anything else while running is a bug.
            if (answer.status !== 201) throw new Error(`place-order answered ${answer.status}`);
            const body = answer.body as { order_id: number; total_amount: number };
            expect(cents(body.total_amount)).toBe(totalCents);
            acknowledged.push({ orderId: body.order_id, lines, totalCents });
          } catch (error) {
            if (!stopped()) throw error;
            // Killed before the answer arrived: the order may or may not exist, but never in part.
            unanswered += 1;
            return;
          } finally {
            inFlight.count -= 1;
          }
        }
      }
    }

    let kills = 0;
    const cycles: string[] = [];
    for (let cycle = 1; ; cycle++) {
      const base = running.url;
      expect(await call(base, 'GET', '/health')).toEqual({
        status: 200,
        body: { status: 'ok', database: 'up' },
      });
      await checkThroughApi(base);
      // The next cycle costs about one more start, plus a second or two of orders.
      const nextCycleEnds = Date.now() - started + running.startMs + 3_000;
      if (kills >= KILLS || (kills >= MIN_KILLS && nextCycleEnds > BUDGET_MS)) break;

      // Orders in flight from several diners, then SIGKILL at a random moment among them.
      let killed = false;
      const inFlight = { count: 0 };
      const ackedBefore = acknowledged.length;
      const workers = Array.from({ length: WORKERS }, () => worker(base, cycle, () => killed, inFlight));
      const failed = Promise.race(workers).then(
        () => new Error('a worker stopped before the kill'),
        (error: unknown) => error,
      );
      const killAfter = randomInt(100, 1200);
      const waitForKillMoment = async () => {
        // At least one order acknowledged in this cycle, the random delay, and requests in flight.
        for (let waited = 0; acknowledged.length === ackedBefore; waited += 10) {
          if (waited > 30_000) throw new Error(`no order acknowledged:\n${running!.output().slice(-3000)}`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await new Promise((resolve) => setTimeout(resolve, killAfter));
        while (inFlight.count === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      };
      const outcome = await Promise.race([waitForKillMoment().then(() => undefined), failed]);
      if (outcome !== undefined) {
        killed = true;
        running.child.kill('SIGKILL');
        throw outcome;
      }
      killed = true;
      running.child.kill('SIGKILL');
      kills += 1;
      cycles.push(`${acknowledged.length - ackedBefore} acked, ${inFlight.count} in flight`);
      await running.exited;
      await Promise.all(workers);

      // The same data, started again: it must open and serve.
      running = await startServer(env);
      cycles[cycles.length - 1] += `, restarted in ${(running.startMs / 1000).toFixed(1)} s`;
    }

    // A graceful stop at the end, then the rows themselves, read without the server.
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    running = undefined;
    const database = await openDatabase({ databaseUrl: databaseUrl || undefined, dataDir });
    try {
      const rows = await database.db.select().from(orders);
      const lines = await database.db.select().from(orderItems);
      const linesOf = new Map<number, (typeof lines)[number][]>();
      for (const line of lines) linesOf.set(line.orderId, [...(linesOf.get(line.orderId) ?? []), line]);
      for (const order of rows) {
        const its = linesOf.get(order.id) ?? [];
        expect(its.length, `order ${order.id} has no lines`).toBeGreaterThan(0);
        expect(order.totalCents).toBe(
          its.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0),
        );
      }
      const ids = new Set(rows.map((order) => order.id));
      for (const sent of acknowledged) expect(ids.has(sent.orderId), `order ${sent.orderId}`).toBe(true);
      expect(acknowledged.length).toBeGreaterThanOrEqual(kills);
      console.info(
        `crash safety (${onPostgres ? 'PostgreSQL' : 'PGlite'}): ${kills} kills, ${acknowledged.length} orders acknowledged, ` +
          `${unanswered} cut off (${rows.length - acknowledged.length} of them stored whole), ${((Date.now() - started) / 1000).toFixed(1)} s` +
          `\n  first start ${(firstStartMs / 1000).toFixed(1)} s; kills: ${cycles.join('; ')}`,
      );
    } finally {
      await database.close();
    }
  }, 240_000); // a hard stop for a hang; BUDGET_MS bounds a normal run
});
