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

const scenarios: Array<{ name: string; options: autocannon.Options }> = [
  { name: 'GET /api/v1/health', options: { url: `${url}/api/v1/health` } },
  { name: 'GET /api/v1/subscription/plans', options: { url: `${url}/api/v1/subscription/plans` } },
  // What every diner's phone opens after scanning the QR code.
  {
    name: 'GET /api/v1/customer/display-menu/:token',
    options: { url: `${url}/api/v1/customer/display-menu/${menuToken}` },
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
    String(result.errors + result.non2xx).padStart(7),
  );
}

await app.close();
await rm(dataDir, { recursive: true, force: true });
