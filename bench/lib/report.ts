import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EmbeddedIdleResult } from './embedded-idle';
import type { EventsResult } from './events';
import type { FridayRushResult } from './friday-rush';
import { type Goal, goalsMarkdown } from './goals';
import type { LoadResult } from './load';
import type { BenchOptions } from './options';

export type MenuResult = LoadResult & { percentOfBaseline: number };

/** What this machine's PostgreSQL commits with place-order's statement (bench/lib/pgbench.ts). */
export type PgbenchLimit = { transactionsPerSecond: number; clients: number; p99Ms: number };

export type BenchResults = {
  startedAt: string;
  finishedAt: string;
  database: 'postgresql' | 'pglite';
  /** What the figures belong to: the code measured, and how busy the machine was. */
  context: { commit: string; loadAverage: { atStart: number[]; atEnd: number[] } };
  machine: { cpus: number; cpuModel: string; memoryGB: number; node: string; openFilesHardLimit: string };
  options: Omit<BenchOptions, 'adminDatabaseUrl'>;
  setup: {
    seedSeconds: number;
    restaurants: number;
    itemsPerRestaurant: number;
    pastOrders: number;
    serverStartSeconds: number;
    ownerLogins: number;
    diners: number;
    dinerSignupsPerSecond: number;
    idleRssMB: number;
  };
  /** The bare route's window of the menu's median pair. */
  baseline: LoadResult;
  menu: {
    /** Each restaurant's menu asked once, 8 at a time, before the timed runs (a cold cache's cost). */
    firstMenus: { menus: number; seconds: number; cpuMsPerMenu: number };
    /** The median of the pairs (the menu as phones ask, beside a bare route's window). */
    compressed: MenuResult;
    /** Without compression, against the median pair's bare route. */
    identity: MenuResult;
    /** Each pair's share of the bare route, in the order measured. */
    shares: number[];
  };
  placeOrder: { at50: LoadResult; at200: LoadResult; pgbench?: PgbenchLimit };
  events: {
    /** The same scenario on lib/bare-events-server.ts: the fan-out with nothing of ours, the limit. */
    bareFanOut: EventsResult;
    oneInstance: EventsResult;
    twoInstancesOnRedis: EventsResult | { skipped: string };
  };
  server: { lifetimePeakRssMB: number; logLevel: string; logMB: number };
  /** The default install on PGlite with the demo data; absent (as the rush) when BENCH_SKIP_EMBEDDED=1. */
  embeddedIdle?: EmbeddedIdleResult;
  fridayRush?: FridayRushResult;
  goals: Goal[];
};

const cell = (value: string | number, width: number) => String(value).padStart(width);

/** The run as a table on stdout, with docs/performance.md's target beside each figure. */
export function printTable(results: BenchResults, print: (line: string) => void) {
  const pglite = results.database === 'pglite';
  print('');
  print(
    `TableServe bench: ${pglite ? 'PGlite (--embedded)' : 'PostgreSQL'}, ${results.machine.cpus} cores, ` +
      `${results.options.seconds} s a scenario, LOG_LEVEL=${results.server.logLevel}`,
  );
  print('');
  const header = [
    'req/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'errors',
    'B/resp',
    'vs bare',
    'CPU ms',
    'LG ms',
    'RSS MB',
    'ELD p99',
  ];
  const widths = [8, 7, 7, 7, 7, 7, 8, 7, 7, 7, 8];
  print(`${'HTTP'.padEnd(34)}${header.map((title, index) => cell(title, widths[index]!)).join('')}  target`);
  const row = (name: string, result: LoadResult, ratio: string, target: string) => {
    const values = [
      result.requestsPerSecond,
      result.latencyMs.p50,
      result.latencyMs.p99,
      result.latencyMs.max,
      result.errors,
      result.bytesPerResponse,
      ratio,
      result.server?.cpuMsPerRequest ?? '-',
      result.loadGeneratorCpuMsPerRequest,
      result.server?.peakRssMB ?? '-',
      result.server ? Math.round(result.server.eventLoopDelayP99Ms) : '-',
    ];
    print(
      `${name.padEnd(34)}${values.map((value, index) => cell(value, widths[index]!)).join('')}  ${target}`,
    );
  };
  row('bare Fastify, 2 KB JSON @50', results.baseline, '100 %', '');
  row(
    'menu, br/gzip @50',
    results.menu.compressed,
    `${results.menu.compressed.percentOfBaseline} %`,
    `≥ 60 % of bare (median pair; each: ${results.menu.shares.join(', ')} %)`,
  );
  row(
    'menu, identity @50',
    results.menu.identity,
    `${results.menu.identity.percentOfBaseline} %`,
    '≥ 60 % of bare',
  );
  row('place-order @50', results.placeOrder.at50, '', pglite ? 'p99 ≤ 150 ms, 0 errors' : '');
  row('place-order @200', results.placeOrder.at200, '', pglite ? '' : '≥ 1,000/s, p99 ≤ 100 ms, 0 errors');
  print('');

  const eventsHeader = [
    'sockets',
    'chg/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'missed',
    'misdel.',
    'errors',
    'RSS MB',
    'budget',
    'ELD p99',
  ];
  const eventWidths = [8, 7, 8, 8, 8, 7, 8, 7, 8, 7, 12];
  print(
    `${'Order events'.padEnd(34)}${eventsHeader.map((title, index) => cell(title, eventWidths[index]!)).join('')}  target`,
  );
  const eventRow = (name: string, result: EventsResult | { skipped: string }, target: string) => {
    if ('skipped' in result) {
      print(`${name.padEnd(34)}skipped: ${result.skipped}`);
      return;
    }
    const socketServer = result.servers[0]!;
    const values = [
      result.sockets.connected,
      `${result.changes.perSecondSent}`,
      result.delivery.latencyMs.p50,
      result.delivery.latencyMs.p99,
      result.delivery.latencyMs.max,
      result.delivery.missed,
      result.delivery.misdelivered,
      result.changes.errors + result.sockets.refused,
      socketServer.peakRssMB,
      result.rssBudgetMB,
      result.servers.map((server) => Math.round(server.eventLoopDelayP99Ms)).join('/'),
    ];
    print(
      `${name.padEnd(34)}${values.map((value, index) => cell(value, eventWidths[index]!)).join('')}  ${target}`,
    );
  };
  eventRow('bare fan-out (the limit)', results.events.bareFanOut, '');
  eventRow('one instance', results.events.oneInstance, 'p99 ≤ 50 ms, 0 misdelivered');
  eventRow('two instances on Redis', results.events.twoInstancesOnRedis, 'p99 ≤ 100 ms, 0 misdelivered');
  print('');
  const setup = results.setup;
  print(
    `Set-up: seed ${setup.seedSeconds} s (${setup.restaurants} restaurants × ${setup.itemsPerRestaurant} dishes, ` +
      `${setup.pastOrders} past orders); server ready in ${setup.serverStartSeconds} s; ${setup.diners} guest diners ` +
      `at ${setup.dinerSignupsPerSecond}/s. Server RSS idle ${setup.idleRssMB} MB, peak ${results.server.lifetimePeakRssMB} MB ` +
      `(target ≤ 250 MB, plus 10 KB a socket); log ${results.server.logMB} MB.`,
  );
  const first = results.menu.firstMenus;
  print(
    `First answer of each of the ${first.menus} menus: ${first.seconds} s in all, ${first.cpuMsPerMenu} ms of server CPU each.`,
  );
  print(
    "CPU ms: server CPU time a request; LG ms: the load generator's (this process); RSS MB: peak during the scenario; ELD p99: event-loop delay p99 in ms (socket server/API server " +
      'with two instances); errors: non-2xx, timeouts and refused sockets.',
  );
}

/**
 * bench/results/latest.json, a dated copy, and goals.md: the goals table as docs/performance.md
 * keeps it (the folder is not committed).
 */
export async function writeResults(results: BenchResults, directory: string): Promise<string> {
  await mkdir(directory, { recursive: true });
  const text = `${JSON.stringify(results, null, 2)}\n`;
  const latest = path.join(directory, 'latest.json');
  await writeFile(latest, text);
  await writeFile(path.join(directory, 'goals.md'), goalsMarkdown(results, results.goals));
  const stamp = results.startedAt.replace(/[:.]/g, '-');
  await writeFile(path.join(directory, `${stamp}-${results.database}.json`), text);
  return latest;
}
