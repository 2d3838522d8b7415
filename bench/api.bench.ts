/**
 * `npm run bench` (PostgreSQL) or `npm run bench -- --embedded` (PGlite): docs/performance.md's figures in
 * one bounded run over loopback. Seeds a fresh database, starts the server as deployed (a child
 * process in production mode behind a proxy), and measures a bare Fastify route, the diner's menu,
 * place-order at 50 and 200 connections, and order events to thousands of sockets on one instance
 * and across two on Redis. Prints a table and writes bench/results/latest.json.
 * Sizes and durations: bench/lib/options.ts (BENCH_SECONDS, BENCH_SOCKETS, BENCH_CHANGES, …).
 * Figures are for comparing changes on one machine; nothing here fails on timing.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { DEFAULT_DATABASE_POOL_SIZE } from '../apps/server/src/config/config';
import { createDiners, loginOwners, orderBody } from './lib/accounts';
import { createRunDatabase, openMigrated } from './lib/database';
import { measureEmbeddedIdle } from './lib/embedded-idle';
import { type EventsResult, measureEvents } from './lib/events';
import { printFridayRush, runFridayRush } from './lib/friday-rush';
import { goalsOf, printGoals, readLighthouse } from './lib/goals';
import { clientAddress, expectStatus, inPool, requestJson } from './lib/http';
import { type LoadResult, runLoad } from './lib/load';
import { type BenchOptions, readOptions } from './lib/options';
import { runPlaceOrderPgbench } from './lib/pgbench';
import { canConnect, freePort, killAllChildren, sleep, spawnNode, stopProcess } from './lib/processes';
import { type BenchResults, type MenuResult, printTable, writeResults } from './lib/report';
import { seed } from './lib/seed';
import { type ServerProcess, startServer } from './lib/server-process';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const options = readOptions();
const log = (line: string) => console.log(line);
const MB = 1024 * 1024;

const workDir = await mkdtemp(path.join(os.tmpdir(), 'tableserve-bench-'));
// Undone in reverse order whatever happens: servers stopped, the run's database dropped, files removed.
const cleanups: Array<() => Promise<void>> = [async () => rm(workDir, { recursive: true, force: true })];
let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
  })();
  return cleaning;
}
const abort = (reason: string, code: number) => {
  console.error(`\nbench stopped: ${reason}`);
  killAllChildren();
  void cleanUp().finally(() => process.exit(code));
};
process.on('exit', killAllChildren);
process.on('SIGINT', () => abort('interrupted', 130));
process.on('SIGTERM', () => abort('terminated', 143));
setTimeout(
  () => abort(`the run passed BENCH_TIMEOUT_SECONDS (${options.timeoutSeconds} s)`, 1),
  options.timeoutSeconds * 1000,
).unref();

function withoutAdminUrl({ adminDatabaseUrl, ...rest }: BenchOptions): BenchResults['options'] {
  void adminDatabaseUrl;
  return rest;
}

/** The commit measured, marked when the work tree holds changes not committed. */
function currentCommit(): string {
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: benchDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  try {
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain') ? ' (with changes)' : ''}`;
  } catch {
    return 'unknown';
  }
}

/** The events' baseline server (lib/bare-events-server.ts), run from its source as the bare route is. */
const BARE_EVENTS = ['--import', 'tsx', 'bench/lib/bare-events-server.ts'];

/** Every server started, so a failure can show what they logged last. */
const started: ServerProcess[] = [];

const timing = { seconds: options.seconds, warmupSeconds: options.warmupSeconds };
const percentOf = (result: LoadResult, baseline: LoadResult): MenuResult => ({
  ...result,
  percentOfBaseline:
    Math.round((result.requestsPerSecond / Math.max(1, baseline.requestsPerSecond)) * 1000) / 10,
});

/**
 * The bare route in a process of its own, measured in windows alternated with the menu's while the
 * real server idles: one window of each, minutes apart, measured how fast the machine was at each
 * moment as much as the menu (the bare route alone moved by a fifth within an hour).
 */
async function startBaseline(): Promise<{ measure(): Promise<LoadResult>; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawnNode(['--import', 'tsx', 'lib/bare-server.ts'], {
    cwd: benchDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port) },
  });
  cleanups.push(() => stopProcess(child));
  while (!(await canConnect('127.0.0.1', port, 200))) {
    if (child.exitCode !== null) throw new Error('the bare Fastify server exited');
    await sleep(100);
  }
  let next = 0;
  // The same per-request set-up as the menu's, so the load generator costs both the same.
  const request: autocannon.Request = {
    method: 'GET',
    setupRequest: (request) => ({
      ...request,
      path: '/bare',
      headers: { 'x-forwarded-for': clientAddress('diner', next++ % 65536) },
    }),
  };
  return {
    measure: () => runLoad({ url: `http://127.0.0.1:${port}`, connections: 50, requests: [request] }, timing),
    stop: () => stopProcess(child),
  };
}

async function main(): Promise<BenchResults> {
  const startedAt = new Date().toISOString();
  const loadAtStart = os.loadavg();
  const database = options.embedded ? 'pglite' : 'postgresql';
  const dataDir = path.join(workDir, 'data');
  let databaseUrl: string | undefined;
  if (!options.embedded) {
    const runDatabase = await createRunDatabase(options.adminDatabaseUrl);
    cleanups.push(() => runDatabase.drop());
    databaseUrl = runDatabase.url;
  }
  log(`Seeding ${database}: ${options.restaurants} restaurants, ${options.pastOrders} past orders`);
  const sql = await openMigrated(databaseUrl ? { databaseUrl } : { dataDir });
  const fixture = await seed(sql, {
    restaurants: options.restaurants,
    items: options.itemsPerRestaurant,
    pastOrders: options.pastOrders,
  }).finally(() => sql.close());
  const { restaurants } = fixture;

  const serverOptions = {
    workDir,
    databaseUrl,
    dataDir,
    jwtSecret: randomBytes(32).toString('hex'),
    logLevel: options.logLevel,
  };
  const start = async (label: string, redisUrl: string | undefined, entry?: string[]) => {
    const server = await startServer({ ...serverOptions, label, redisUrl, entry });
    cleanups.push(() => server.stop());
    started.push(server);
    return server;
  };
  const serverStarted = performance.now();
  const server = await start('server', undefined);
  const serverStartSeconds = Math.round((performance.now() - serverStarted) / 100) / 10;

  log(`Signing in ${restaurants.length} owners and ${options.diners} guest diners`);
  const owners = await loginOwners(server.url, restaurants);
  const signupsStarted = performance.now();
  const diners = await createDiners(server.url, restaurants, options.diners);
  const dinerSignupsPerSecond = Math.round(diners.length / ((performance.now() - signupsStarted) / 1000));
  await sleep(1000);
  const idleRssMB = Math.round((server.currentRss() / MB) * 10) / 10;

  log('Menu: GET /customer/display-menu/{token} across every restaurant');
  // Every menu asked once first, as phones would after a restart: the first answer of each costs
  // what a cache's load and encoding cost, and the timed runs then see the steady state.
  const coldStarted = performance.now();
  const coldCpu = server.cpuSeconds();
  await inPool(restaurants.length, 8, async (index) => {
    const response = await requestJson(
      `${server.url}/api/v1/customer/display-menu/${restaurants[index]!.token}`,
      {
        headers: { 'accept-encoding': 'br, gzip', 'x-forwarded-for': clientAddress('diner', index) },
      },
    );
    expectStatus(response, 200, 'a first menu');
  });
  const firstMenus = {
    menus: restaurants.length,
    seconds: Math.round((performance.now() - coldStarted) / 100) / 10,
    cpuMsPerMenu: Math.round(((server.cpuSeconds() - coldCpu) * 1000 * 10) / restaurants.length) / 10,
  };
  let nextMenu = 0;
  const menuRequest = (acceptEncoding: string | undefined): autocannon.Request => ({
    method: 'GET',
    setupRequest: (request) => {
      const index = nextMenu++;
      return {
        ...request,
        path: `/api/v1/customer/display-menu/${restaurants[index % restaurants.length]!.token}`,
        headers: {
          'x-forwarded-for': clientAddress('diner', index % 65536),
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      };
    },
  });
  const menuRun = (acceptEncoding: string | undefined) =>
    runLoad({ url: server.url, connections: 50, requests: [menuRequest(acceptEncoding)] }, timing, server);
  // As phones send it, each window beside one of the bare route's; the median pair decides.
  log(`Menu (br, gzip) and the bare Fastify route: ${options.menuPairs} pairs of windows, alternated`);
  const bareRoute = await startBaseline();
  const pairs: Array<{ baseline: LoadResult; menu: MenuResult }> = [];
  for (let pair = 0; pair < options.menuPairs; pair++) {
    const baseline = await bareRoute.measure();
    pairs.push({ baseline, menu: percentOf(await menuRun('br, gzip'), baseline) });
  }
  await bareRoute.stop();
  const byShare = pairs.toSorted((a, b) => a.menu.percentOfBaseline - b.menu.percentOfBaseline);
  const { baseline, menu: compressed } = byShare[Math.floor((byShare.length - 1) / 2)]!;
  // Then without, what a client that accepts no compression costs.
  const identity = percentOf(await menuRun(undefined), baseline);

  log('Place-order: distinct diners at 50 and 200 connections');
  let nextOrder = 0;
  const placeOrderRequest: autocannon.Request = {
    method: 'POST',
    setupRequest: (request) => {
      const index = nextOrder++;
      const diner = diners[index % diners.length]!;
      // Each round over the diners moves every diner to the next restaurant, so no diner passes
      // the 10 orders a minute a diner may place at one restaurant.
      const round = Math.floor(index / diners.length);
      const restaurant = restaurants[(diner.index + 1 + round) % restaurants.length]!;
      return {
        ...request,
        path: '/api/v1/customer/place-order',
        headers: {
          authorization: `Bearer ${diner.token}`,
          'content-type': 'application/json',
          'x-forwarded-for': diner.address,
        },
        body: JSON.stringify(orderBody(restaurant, index)),
      };
    },
  };
  const placeOrderRun = (connections: number) =>
    runLoad({ url: server.url, connections, requests: [placeOrderRequest] }, timing, server);
  const at50 = await placeOrderRun(50);
  const at200 = await placeOrderRun(200);
  let pgbench: BenchResults['placeOrder']['pgbench'];
  if (databaseUrl) {
    // The limit itself: what this PostgreSQL commits with the same statement, through as many
    // connections as the server's pool holds.
    const clients = Number(process.env.DATABASE_POOL_SIZE || DEFAULT_DATABASE_POOL_SIZE);
    log(`Place-order's statement in pgbench at ${clients} connections (the server's pool)`);
    const limit = await runPlaceOrderPgbench({ databaseUrl, restaurants, clients, seconds: options.seconds });
    pgbench = { transactionsPerSecond: Math.round(limit.tps), clients, p99Ms: limit.latencyMs.p99 };
  }

  const eventsOptions = {
    restaurants,
    owners,
    diners,
    sockets: options.sockets,
    changesPerSecond: options.changesPerSecond,
    seconds: options.seconds,
    warmupSeconds: options.warmupSeconds,
    workers: options.socketWorkers,
    log,
  };
  log('Order events on the bare fan-out server (Fastify and Socket.IO alone): what this machine allows');
  const bare = await start('bare-events', undefined, BARE_EVENTS);
  const bareFanOut = await measureEvents({ ...eventsOptions, socketServer: bare, changeServer: bare });
  await bare.stop();
  log(`Order events: ${options.sockets} sockets, ${options.changesPerSecond} changes/s, one instance`);
  const oneInstance = await measureEvents({ ...eventsOptions, socketServer: server, changeServer: server });
  const lifetimePeakRssMB = Math.round((server.lifetimePeakRss() / MB) * 10) / 10;
  const logMB = Math.round((server.logBytes() / MB) * 10) / 10;
  await server.stop();

  let twoInstancesOnRedis: EventsResult | { skipped: string };
  const redis = options.redisUrl ? new URL(options.redisUrl) : undefined;
  if (options.embedded) {
    twoInstancesOnRedis = { skipped: 'PGlite is one process’s database; run without --embedded' };
  } else if (!redis) {
    twoInstancesOnRedis = { skipped: 'BENCH_REDIS_URL is empty' };
  } else if (!(await canConnect(redis.hostname, Number(redis.port || 6379)))) {
    twoInstancesOnRedis = { skipped: `no Redis at ${options.redisUrl}` };
  } else {
    log('Order events: sockets on instance A, status changes through instance B, one Redis');
    const [a, b] = await Promise.all([
      start('server-a', options.redisUrl),
      start('server-b', options.redisUrl),
    ]);
    twoInstancesOnRedis = await measureEvents({ ...eventsOptions, socketServer: a, changeServer: b });
    await Promise.all([a.stop(), b.stop()]);
  }

  let embeddedIdle: BenchResults['embeddedIdle'];
  let rush: BenchResults['fridayRush'];
  if (options.fridayRush === 'after') {
    log('Embedded default: PGlite with the demo data, resident memory 20 s after start');
    embeddedIdle = await measureEmbeddedIdle(serverOptions.jwtSecret);
    rush = await fridayRush();
  }

  const measured: Omit<BenchResults, 'goals'> = {
    startedAt,
    finishedAt: new Date().toISOString(),
    database,
    context: { commit: currentCommit(), loadAverage: { atStart: loadAtStart, atEnd: os.loadavg() } },
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
      node: process.version,
      openFilesHardLimit:
        readFileSync('/proc/self/limits', 'utf8').match(/^Max open files\s+\S+\s+(\S+)/m)?.[1] ?? 'unknown',
    },
    // The admin URL may hold a password: it stays out of the results file.
    options: withoutAdminUrl(options),
    setup: {
      seedSeconds: Math.round(fixture.seconds * 10) / 10,
      restaurants: restaurants.length,
      itemsPerRestaurant: options.itemsPerRestaurant,
      pastOrders: fixture.pastOrders,
      serverStartSeconds,
      ownerLogins: owners.length,
      diners: diners.length,
      dinerSignupsPerSecond,
      idleRssMB,
    },
    baseline,
    menu: {
      firstMenus,
      compressed,
      identity,
      shares: pairs.map((pair) => pair.menu.percentOfBaseline),
    },
    placeOrder: { at50, at200, pgbench },
    events: { bareFanOut, oneInstance, twoInstancesOnRedis },
    server: { lifetimePeakRssMB, logLevel: options.logLevel, logMB },
    embeddedIdle,
    fridayRush: rush,
  };
  const lighthouse = readLighthouse(path.join(benchDir, 'results', 'lighthouse.json'));
  return { ...measured, goals: goalsOf(measured, lighthouse) };
}

/** The Friday rush on a server of its own, on the demo restaurant in PGlite files of its own. */
function fridayRush() {
  return runFridayRush({
    dataDir: path.join(workDir, 'rush-data'),
    seconds: options.rushSeconds,
    diners: options.rushDiners,
    log,
    startServer: async (dataDir) => {
      const server = await startServer({
        label: 'rush',
        workDir,
        databaseUrl: undefined,
        dataDir,
        redisUrl: undefined,
        jwtSecret: randomBytes(32).toString('hex'),
        logLevel: options.logLevel,
      });
      cleanups.push(() => server.stop());
      started.push(server);
      return server;
    },
  });
}

try {
  if (options.fridayRush === 'only') {
    printFridayRush(await fridayRush(), log);
  } else {
    const results = await main();
    printTable(results, log);
    if (results.fridayRush) printFridayRush(results.fridayRush, log);
    printGoals(results.goals, log);
    const written = await writeResults(results, path.join(benchDir, 'results'));
    log(`
Written: ${path.relative(path.join(benchDir, '..'), written)}`);
  }
  await cleanUp();
  process.exit(0);
} catch (error) {
  console.error(error);
  for (const server of started) {
    const tail = readFileSync(server.logFile, 'utf8').split('\n').slice(-20).join('\n');
    console.error(`\nLast lines of the ${server.label} log:\n${tail}`);
  }
  killAllChildren();
  await cleanUp();
  process.exit(1);
}
