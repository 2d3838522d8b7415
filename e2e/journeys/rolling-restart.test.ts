import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLimits } from '../../apps/server/src/plugins/rate-limits';
import { checkoutFromMenu, continueAsGuest } from '../support/diners';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/harness';
import { logIn } from '../support/owners';
import {
  createRollingDatabase,
  freePort,
  type ServerInstance,
  serverInstance,
  startNginx,
} from '../support/rolling-cluster';
import { type DinerReport, request, runDiner, type StaffScreen, staffScreen } from '../support/rolling-load';
import { markPage, staffPaths, staffScreenLive, stillSamePage } from '../support/staff';

/**
 * A rolling restart behind nginx (docs/operations.md#rolling-restart): two instances on one
 * PostgreSQL and one Redis, deploy/nginx/tableserve.conf in front, 50 diners ordering from 50
 * addresses and 10 staff screens listening. Instance A is stopped gracefully and started again,
 * then B, while the orders keep coming: no order is lost or placed twice, every screen comes back
 * and sees every order, and pages opened before the restart keep working after it.
 */

const databaseServer = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const DINERS = 50;
const SCREENS = 10;
/** Each diner orders about this often: under the 10 orders a minute a diner may place (place-order limit). */
const ORDER_EVERY_MS = 8000;
/** The reference configuration's fail_timeout: how long nginx sends nothing to an instance that refused. */
const NGINX_FAIL_TIMEOUT_MS = 5000;

if (!databaseServer || !redisUrl)
  console.warn(
    'rolling-restart: skipped, it needs TEST_DATABASE_URL and TEST_REDIS_URL (PostgreSQL and Redis, as CI sets them)',
  );

describe.skipIf(!databaseServer || !redisUrl)(
  'a rolling restart behind nginx (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    const runId = randomBytes(4).toString('hex');
    let database: Awaited<ReturnType<typeof createRollingDatabase>>;
    let dataDir: string;
    let instances: [ServerInstance, ServerInstance];
    let nginx: Awaited<ReturnType<typeof startNginx>>;
    let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
    const screens: StaffScreen[] = [];

    beforeAll(async () => {
      database = await createRollingDatabase(databaseServer!, `owner.${runId}@rolling.example`);
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'tableserve-rolling-'));
      const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
      const env = {
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl!,
        JWT_SECRET: randomBytes(32).toString('hex'),
        PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
        TRUST_PROXY: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      };
      instances = [serverInstance('A', portA, env), serverInstance('B', portB, env)];
      await Promise.all(instances.map((instance) => instance.start()));
      nginx = await startNginx({ instancePorts: [portA, portB], proxyPort });
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    }, 120_000);

    afterAll(async () => {
      for (const screen of screens) screen.close();
      await browser?.close();
      await nginx?.stop();
      await Promise.all((instances ?? []).map((instance) => instance.stop()));
      await database?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    const ownerToken = async () => {
      const response = await fetch(`${nginx.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(database.owner),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { token: string }).token;
    };

    const visible = (page: Page, text: string | RegExp) =>
      expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 20_000 });

    it('loses no order, leaves no screen behind and breaks no open page', async () => {
      const menuPage = `/menu-display?token=${database.menuToken}`;

      // Pages open before the restart: a diner's menu on a phone, the owner's Order Summary.
      const phone = await browser!.newContext({
        baseURL: nginx.url,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const diner = await phone.newPage();
      await diner.goto(menuPage);
      await visible(diner, 'Trattoria Demo').toBe(true);
      await markPage(diner);
      const desk = await browser!.newContext({ baseURL: nginx.url, viewport: { width: 1280, height: 900 } });
      const summary = await desk.newPage();
      await logIn(summary, database.owner);
      await summary.waitForURL(`**${staffPaths.summary}`);
      await staffScreenLive(summary);
      await markPage(summary);

      // Ten staff screens, connected through nginx.
      const token = await ownerToken();
      for (let index = 0; index < SCREENS; index++)
        screens.push(staffScreen({ baseUrl: nginx.url, restaurantId: database.restaurantId, token }));
      await Promise.all(screens.map((screen) => screen.connected()));

      // Fifty diners ordering until the restart is over.
      let stopped = false;
      const diners = Array.from({ length: DINERS }, (_, index) =>
        runDiner({
          baseUrl: nginx.url,
          index,
          restaurantId: database.restaurantId,
          itemIds: database.plainItemIds,
          tables: 12,
          everyMs: ORDER_EVERY_MS,
          runId,
          stopped: () => stopped,
        }),
      );
      // A round of orders before anything restarts.
      await sleep(ORDER_EVERY_MS);

      // The rolling restart: each instance stopped gracefully, started again, ready; then nginx's
      // fail_timeout, so it counts the instance alive again before the other one goes.
      const exitCodes: Record<string, number | string | null> = {};
      const downtimes: Record<string, { from: number; to: number }> = {};
      for (const instance of instances) {
        const from = Date.now();
        exitCodes[instance.name] = await instance.stop();
        await instance.start();
        downtimes[instance.name] = { from, to: Date.now() };
        await sleep(NGINX_FAIL_TIMEOUT_MS * 1.5);
      }
      // A round of orders after the restart, then the diners finish the order in hand.
      await sleep(ORDER_EVERY_MS);
      stopped = true;
      const reports: DinerReport[] = await Promise.all(diners);

      // Both instances shut down cleanly.
      expect(exitCodes).toEqual({ A: 0, B: 0 });

      // 0 failed orders: every diner's every order was acknowledged.
      const failed = reports.flatMap((report) =>
        report.failed.map((failure) => ({ diner: report.index, ...failure })),
      );
      expect(failed).toEqual([]);
      const acknowledged = reports.flatMap((report) => report.acknowledged);
      expect(acknowledged.length).toBeGreaterThanOrEqual(DINERS * 2);

      // The database holds exactly the acknowledged orders, once each: a retried key placed one.
      const customerIds = reports.map((report) => report.customerId);
      const stored = await database.query<{ id: number }>(
        'select id from orders where customer_id = any($1::int[]) order by id',
        [customerIds],
      );
      expect(stored.map((row) => row.id)).toEqual(
        acknowledged.map((order) => order.orderId).sort((a, b) => a - b),
      );
      expect(new Set(acknowledged.map((order) => order.key)).size).toBe(acknowledged.length);
      // And the restart happened under load: orders were placed while each instance was away.
      for (const [name, { from, to }] of Object.entries(downtimes))
        expect(
          acknowledged.filter((order) => order.at > from && order.at < to).length,
          `orders placed while ${name} restarted`,
        ).toBeGreaterThan(0);

      // Every screen came back (each was connected to a stopped instance at least once) and has
      // seen every acknowledged order, by its event or by its catch-up.
      await Promise.all(screens.map((screen) => screen.settled()));
      for (const [index, screen] of screens.entries()) {
        const stats = screen.stats();
        expect(stats.connections, `screen ${index}: ${JSON.stringify(stats)}`).toBeGreaterThan(1);
        const missing = acknowledged.filter((order) => !screen.seen.has(order.orderId));
        expect(missing, `screen ${index} never saw these orders`).toEqual([]);
      }

      // The pages opened before the restart still work, without a reload: the diner adds a dish
      // and places an order, and the owner's Order Summary shows it.
      const guest = `Lena ${runId}`;
      await diner.getByRole('button', { name: 'Add Tiramisu' }).click();
      await checkoutFromMenu(diner);
      await continueAsGuest(diner, {
        email: `lena.${runId}@rolling.example`,
        name: guest,
        phone: '415-555-0177',
      });
      await diner.getByText('Dine In', { exact: true }).click();
      await diner.getByLabel('Table number').selectOption('3');
      await diner.getByRole('button', { name: 'Submit Order' }).click();
      await diner.waitForURL('**/customer/order-status**');
      expect(await stillSamePage(diner)).toBe(true);
      await visible(summary, guest).toBe(true);
      expect(await stillSamePage(summary)).toBe(true);

      // What nginx did meanwhile, for the record: requests it retried on the other instance, and
      // answers it had to give up on (a 502 the diner then retried with the same key).
      const log = await nginx.accessLog();
      const retried = log.filter((entry) => entry.upstreams.includes(','));
      const retries = reports.flatMap((report) => report.retries);
      console.log(
        `rolling-restart: ${acknowledged.length} orders acknowledged; nginx passed ${retried.length} requests on to the other instance; diners retried ${retries.length} times: ${JSON.stringify(
          Object.entries(
            retries.reduce<Record<string, number>>((counts, retry) => {
              const cause = retry.slice(0, 60);
              counts[cause] = (counts[cause] ?? 0) + 1;
              return counts;
            }, {}),
          ),
        )}; nginx's errors: ${JSON.stringify(await nginx.errorKinds())}`,
      );
    }, 300_000);

    it("counts a client's own address, whatever X-Forwarded-For it sends: nginx writes it, the instances believe only nginx", async () => {
      // Addresses of this run alone, so the shared Redis's counters start from nothing.
      const address = () =>
        `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;
      const [client, other] = [address(), address()];
      const forgotPassword = (from: string, call: number) =>
        request(new http.Agent({ localAddress: from }), `${nginx.url}/api/v1/auth/forgot_password`, {
          method: 'POST',
          headers: { 'x-forwarded-for': `198.51.100.${call + 1}` },
          body: { email: `someone.${call}.${runId}@rolling.example` },
        }).then((answer) => answer.status);
      const { max } = accountLimits.forgotPassword.perIp;
      const statuses: number[] = [];
      for (let call = 0; call <= max; call++) statuses.push(await forgotPassword(client, call));
      expect(statuses).toEqual([...Array(max).fill(200), 429]);
      // Not nginx's own address either: another client is not refused.
      expect(await forgotPassword(other, 0)).toBe(200);
    });

    it('caches hashed assets per encoding at the proxy, and never index.html or the API', async () => {
      const index = await fetch(`${nginx.url}/`);
      expect(index.headers.get('cache-control')).toBe('no-cache');
      expect(index.headers.get('x-cache-status')).toBeNull();
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(await index.text())?.[1];
      expect(script).toBeDefined();
      const asset = (encoding: string) =>
        fetch(`${nginx.url}${script}`, { headers: { 'accept-encoding': encoding } }).then(
          async (response) => {
            await response.body?.cancel();
            // fetch inflates a body itself: the headers say what travelled.
            return {
              status: response.status,
              cache: response.headers.get('x-cache-status'),
              encoding: response.headers.get('content-encoding'),
              vary: response.headers.get('vary'),
            };
          },
        );
      // Each encoding is fetched from an instance once (unless an earlier test already did),
      // then from the cache, and a browser's way of asking for brotli is the same variant.
      const brotli = await asset('br');
      expect(brotli).toMatchObject({ status: 200, encoding: 'br', vary: 'Accept-Encoding' });
      expect(await asset('gzip, deflate, br, zstd')).toEqual({ ...brotli, cache: 'HIT' });
      const gzip = await asset('gzip');
      expect(gzip).toMatchObject({ status: 200, encoding: 'gzip', vary: 'Accept-Encoding' });
      expect(await asset('gzip, deflate')).toEqual({ ...gzip, cache: 'HIT' });
      const api = await fetch(`${nginx.url}/api/v1/health`);
      expect(api.headers.get('x-cache-status')).toBeNull();
    });
  },
);
