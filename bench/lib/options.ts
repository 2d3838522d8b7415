/**
 * What one `npm run bench` run does, from flags and environment variables. The defaults are the
 * sizes of docs/performance.md; every one can be made smaller to try the bench on a busy machine.
 */
export type BenchOptions = {
  /** PGlite in a temporary DATA_DIR instead of PostgreSQL. */
  embedded: boolean;
  /**
   * The embedded default's scenarios, its idle memory and the Friday rush (friday-rush.ts): after
   * the others, alone with --friday-rush, left out with BENCH_SKIP_EMBEDDED=1.
   */
  fridayRush: 'after' | 'only' | 'no';
  /** The rush's length (BENCH_RUSH_SECONDS, 120) and its diners (BENCH_RUSH_DINERS, 300 for 120 s). */
  rushSeconds: number;
  rushDiners: number;
  /** A PostgreSQL server the bench may create (and drop) its own database on. */
  adminDatabaseUrl: string;
  /** For the two-instance scenario; empty skips it. */
  redisUrl: string;
  seconds: number;
  warmupSeconds: number;
  /** The menu's windows, each beside one of the bare route's (BENCH_MENU_PAIRS, 3): the median decides. */
  menuPairs: number;
  restaurants: number;
  itemsPerRestaurant: number;
  pastOrders: number;
  sockets: number;
  changesPerSecond: number;
  /** Socket.IO client processes: one Node process holds a few thousand sockets at most on 2 cores. */
  socketWorkers: number;
  /** Guest diners created through the API: one per diner socket, and never fewer than 2,000. */
  diners: number;
  logLevel: string;
  /** The whole run's limit: past it every child process is killed and the bench fails. */
  timeoutSeconds: number;
};

function numberFrom(name: string, fallback: number, min = 0): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min)
    throw new Error(`${name} must be a number ≥ ${min}, not ${raw}`);
  return value;
}

export function readOptions(argv = process.argv.slice(2)): BenchOptions {
  for (const arg of argv) {
    if (arg !== '--embedded' && arg !== '--friday-rush')
      throw new Error(`unknown argument ${arg} (the flags are --embedded and --friday-rush)`);
  }
  const embedded = argv.includes('--embedded') || process.env.BENCH_EMBEDDED === '1';
  const rushSeconds = numberFrom('BENCH_RUSH_SECONDS', 120, 5);
  const sockets = Math.floor(numberFrom('BENCH_SOCKETS', 10_000));
  const seconds = numberFrom('BENCH_SECONDS', 10, 1);
  return {
    embedded,
    fridayRush: argv.includes('--friday-rush')
      ? 'only'
      : process.env.BENCH_SKIP_EMBEDDED === '1'
        ? 'no'
        : 'after',
    rushSeconds,
    // The rush is 300 diners in 2 minutes: a shorter one keeps its pace.
    rushDiners: Math.floor(numberFrom('BENCH_RUSH_DINERS', Math.round((rushSeconds * 300) / 120), 1)),
    adminDatabaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
    redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    seconds,
    warmupSeconds: numberFrom('BENCH_WARMUP_SECONDS', 2),
    menuPairs: Math.floor(numberFrom('BENCH_MENU_PAIRS', 3, 1)),
    restaurants: Math.floor(numberFrom('BENCH_RESTAURANTS', 200, 1)),
    itemsPerRestaurant: Math.floor(numberFrom('BENCH_ITEMS', 60, 2)),
    pastOrders: Math.floor(numberFrom('BENCH_PAST_ORDERS', 10_000)),
    sockets,
    changesPerSecond: numberFrom('BENCH_CHANGES', 500, 1),
    socketWorkers: Math.floor(numberFrom('BENCH_SOCKET_WORKERS', Math.max(1, Math.ceil(sockets / 2500)), 1)),
    diners: Math.floor(numberFrom('BENCH_DINERS', Math.max(2000, sockets), 1)),
    logLevel: process.env.BENCH_LOG_LEVEL || 'info',
    timeoutSeconds: numberFrom('BENCH_TIMEOUT_SECONDS', 1200, 10),
  };
}
