/**
 * API latency and throughput on this machine: `npm run bench -w bench`.
 * Starts the real app on an in-memory database with the demo data, then drives it with
 * autocannon over loopback. Numbers are for comparing changes on one machine, not promises.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@tableserve/server/app';
import { loadConfig } from '@tableserve/server/config';
import { seedDemoData } from '@tableserve/server/seed';
import autocannon from 'autocannon';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tableserve-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  DATABASE_URL: 'memory://',
  LOG_LEVEL: 'warn',
  PORT: '0',
  SUBSCRIPTION_SWEEP_INTERVAL: '0s',
});
const app = await buildApp(config);
const demo = await seedDemoData(app.database.db, { publicUrl: config.publicUrl });
const menuToken = new URL(demo!.menuUrl).searchParams.get('token');
const url = await app.listen({ host: '127.0.0.1', port: 0 });

// A Friday rush: many diners at once, each with their own guest token (orders are limited to 10 a
// minute per diner), each ordering two dishes from the demo menu.
const menu = (await app.inject({ url: `/api/v1/customer/display-menu/${menuToken}` })).json() as {
  restaurant: { restaurant_id: number };
  menu: Array<{ menu_id: number }>;
};
const restaurantId = menu.restaurant.restaurant_id;
const menuEtag = (await app.inject({ url: `/api/v1/customer/display-menu/${menuToken}` })).headers.etag;
const GUESTS = 400;
const guestTokens: string[] = [];
for (let guest = 0; guest < GUESTS; guest++) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/customer/create',
    // One address per table's phone, as in a dining room (sign-ups are limited per IP).
    remoteAddress: `10.1.${Math.floor(guest / 250)}.${guest % 250}`,
    payload: {
      customer_name: `Guest ${guest}`,
      email: `guest${guest}@bench.example`,
      phone_number: '4155550100',
      restaurant_id: restaurantId,
      is_guest: true,
    },
  });
  guestTokens.push(created.json().data.token);
}
const orderBody = JSON.stringify({
  restaurant_id: restaurantId,
  order_items: [
    { menu_item_id: menu.menu[0]!.menu_id, quantity: 2 },
    { menu_item_id: menu.menu[1]!.menu_id, quantity: 1 },
  ],
  order_type: 'dine-in',
  table_no: 4,
});
let nextGuest = 0;
const firstOrder = await app.inject({
  method: 'POST',
  url: '/api/v1/customer/place-order',
  headers: { authorization: `Bearer ${guestTokens[0]}`, 'content-type': 'application/json' },
  payload: orderBody,
});
const firstOrderId = firstOrder.json().order_id as number;

const scenarios: Array<{ name: string; options: autocannon.Options }> = [
  { name: 'GET /api/v1/health', options: { url: `${url}/api/v1/health` } },
  { name: 'GET /api/v1/subscription/plans', options: { url: `${url}/api/v1/subscription/plans` } },
  // What every diner's phone opens after scanning the QR code.
  {
    name: 'GET /api/v1/customer/display-menu/:token',
    options: { url: `${url}/api/v1/customer/display-menu/${menuToken}` },
  },
  // A phone that already has the menu revalidates it: 304, no body.
  {
    name: 'GET display-menu/:token with If-None-Match (304)',
    options: {
      url: `${url}/api/v1/customer/display-menu/${menuToken}`,
      headers: { 'if-none-match': String(menuEtag) },
    },
  },
  {
    name: 'POST /api/v1/customer/place-order (400 guests, 2 lines)',
    options: {
      url: `${url}/api/v1/customer/place-order`,
      method: 'POST',
      requests: [
        {
          setupRequest: (request) => {
            const token = guestTokens[nextGuest++ % GUESTS];
            return {
              ...request,
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: orderBody,
            };
          },
        },
      ],
    },
  },
  // What the status and track-order pages ask on load and on refresh.
  {
    name: 'GET /api/v1/customer/order-status',
    options: {
      url: `${url}/api/v1/customer/order-status?restaurant_id=${restaurantId}&order_id=${firstOrderId}`,
    },
  },
  {
    name: 'GET /api/v1/restaurant/search-restaurants?query=trat',
    options: { url: `${url}/api/v1/restaurant/search-restaurants?query=trat` },
  },
];

console.log(
  `TableServe API benchmark: ${DURATION_SECONDS}s per scenario, 20 connections, ${os.cpus().length} cores\n`,
);
console.log(
  'scenario'.padEnd(58),
  'req/s'.padStart(9),
  'p50 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'errors'.padStart(7),
);
for (const scenario of scenarios) {
  const result = await autocannon({ connections: 20, duration: DURATION_SECONDS, ...scenario.options });
  console.log(
    scenario.name.padEnd(58),
    result.requests.average.toFixed(0).padStart(9),
    String(result.latency.p50).padStart(8),
    String(result.latency.p99).padStart(8),
    // 304 is the revalidation scenario's success, so only 4xx and 5xx count as errors.
    String(result.errors + result['4xx'] + result['5xx']).padStart(7),
  );
}

await app.close();
await rm(dataDir, { recursive: true, force: true });
