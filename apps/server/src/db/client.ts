import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DEFAULT_DATABASE_POOL_SIZE, repositoryRoot } from '../config/config';
import { type DataDirLock, holdDataDirLock } from './data-dir-lock';
import { type EmbeddedClient, openEmbeddedClient, type QueryObserver } from './embedded-client';
import { createEmbeddedCluster } from './embedded-cluster';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a repository receives: the database or an open transaction. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** What a backup needs of the embedded database's client, on either thread (modules/backups). */
export type EmbeddedDumpable = Pick<EmbeddedClient, 'transaction' | 'dumpDataDir'>;

export type Database = {
  db: Db;
  /** 'pglite' (embedded, file or memory) or 'postgres'. */
  kind: 'pglite' | 'postgres';
  /** True when the embedded database lives on disk (the demo seed runs only there). */
  embeddedOnDisk: boolean;
  /** The embedded database's own client: backups dump its files between transactions. */
  pglite: EmbeddedDumpable | undefined;
  ping(): Promise<boolean>;
  /** How many of this build's migrations the database has not applied (0: up to date). */
  migrationsBehind(): Promise<number>;
  /** The pg pool's connections (undefined on PGlite, which has one). */
  poolStats(): { total: number; idle: number; waiting: number } | undefined;
  /**
   * Start-up's garbage collected on the embedded database's own thread, if it has one
   * (lib/startup-garbage.ts); the server's thread collects its own.
   */
  collectStartupGarbage(): Promise<void>;
  /** Closes it; a second call (the app's close after a test closed it) waits for the first. */
  close(): Promise<void>;
};

/**
 * PGlite's own start parameters with a 16 MB buffer cache instead of 128 MB: its WebAssembly
 * memory only grows, and the files are in the operating system's cache anyway (docs/performance.md).
 */
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

const migrationsFolder = path.join(repositoryRoot, 'apps/server/drizzle');

/**
 * Held while an instance migrates a PostgreSQL database: two instances started together take
 * turns, and the second finds the migrations applied (the sweeps use 7_262_001 to 7_262_003).
 */
const MIGRATION_LOCK_ID = 7_262_000;

/**
 * Opens the database named by DATABASE_URL and applies the committed migrations:
 * unset → PGlite files in DATA_DIR/pglite; memory:// → PGlite in memory; postgres:// → a pg pool.
 */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  /** The pg pool's connections, opened as needed and then kept (DATABASE_POOL_SIZE); PGlite has one. */
  poolSize?: number;
  /**
   * EMBEDDED_DATABASE_THREAD: PGlite on a worker thread (db/embedded-client.ts), where its
   * WebAssembly never holds the event loop (the server's default), or on the server's own thread
   * (undefined here: scripts and tests that open a database for themselves).
   */
  embeddedThread?: 'main' | 'worker';
  onIdleConnectionError?: (error: Error) => void;
  /** Told the time of every statement the app's queries run (the metrics' histogram). */
  onQuery?: QueryObserver;
}): Promise<Database> {
  const { databaseUrl, dataDir, onQuery } = options;
  if (databaseUrl?.startsWith('postgres')) {
    const size = options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE;
    // A pool of fixed size once filled (min = max, as HikariCP advises): pg-pool's default closed
    // a connection idle for 10 s, so the first orders after every lull paid for new backends, their
    // catalog caches and their prepared statements while the queue behind them grew
    // (docs/performance.md, "Status changes: the server's CPU, not PostgreSQL").
    const pool = new pg.Pool({ connectionString: databaseUrl, max: size, min: size });
    // An idle connection closed by the server (a restart, a failover, an admin) must not crash
    // the process: the pool drops that client and opens a new one when next needed.
    pool.on('error', (error) => options.onIdleConnectionError?.(error));
    await migrateUnderLock(pool);
    // Every statement, pooled or in a transaction, runs through some client's query().
    if (onQuery)
      pool.on('connect', (client) => {
        client.query = timed(client.query.bind(client), onQuery) as typeof client.query;
      });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      embeddedOnDisk: false,
      pglite: undefined,
      ping: () => ping(db),
      migrationsBehind: () => migrationsBehind(db),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      collectStartupGarbage: async () => {},
      close: once(() => pool.end()),
    };
  }

  const inMemory = databaseUrl === 'memory://';
  let directory: string | undefined;
  let lock: DataDirLock | undefined;
  if (!inMemory) {
    directory = path.join(dataDir, 'pglite');
    mkdirSync(directory, { recursive: true });
    lock = holdDataDirLock(dataDir);
  }
  let client: (EmbeddedDumpable & { close(): Promise<void> }) | undefined;
  let worker: EmbeddedClient | undefined;
  let db: Db;
  try {
    // Created apart: initdb's memory is the child process's, gone when it exits (embedded-cluster.ts).
    if (directory !== undefined && !existsSync(path.join(directory, 'PG_VERSION')))
      await createEmbeddedCluster(directory, { migrationsFolder, startParams });
    if (options.embeddedThread === 'worker') {
      const onWorker = await openEmbeddedClient({ directory, startParams }, onQuery);
      client = worker = onWorker;
      // drizzle's PGlite driver calls only what EmbeddedClient has (query, transaction and tx.query).
      const pgliteDb = drizzlePglite(onWorker as unknown as PGlite, { schema });
      await migratePglite(pgliteDb, { migrationsFolder });
      db = pgliteDb as unknown as Db;
    } else {
      const onThisThread = new PGlite(directory, { startParams });
      client = onThisThread;
      await migratePglite(drizzlePglite(onThisThread), { migrationsFolder });
      db = drizzlePglite(onQuery ? timedPglite(onThisThread, onQuery) : onThisThread, {
        schema,
      }) as unknown as Db;
    }
  } catch (error) {
    await client?.close();
    lock?.release();
    throw error;
  }
  return {
    db,
    kind: 'pglite',
    embeddedOnDisk: !inMemory,
    pglite: client,
    ping: () => ping(db),
    migrationsBehind: () => migrationsBehind(db),
    poolStats: () => undefined,
    collectStartupGarbage: async () => worker?.collectGarbage(),
    close: once(async () => {
      await client?.close();
      lock?.release();
    }),
  };
}

/**
 * Migrates on one dedicated connection holding a session advisory lock: instances starting
 * together wait for each other instead of racing to create the same tables.
 */
async function migrateUnderLock(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}

/** This build's migrations, read once: the journal does not change under a running process. */
let buildMigrations: number[] | undefined;

/**
 * Counted as drizzle's migrator decides what to apply: every migration of this build newer than
 * the newest one recorded in drizzle.__drizzle_migrations.
 */
async function migrationsBehind(db: Db): Promise<number> {
  buildMigrations ??= readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis);
  const result = await db.execute(
    sql`select coalesce(max(created_at), 0) as applied from drizzle.__drizzle_migrations`,
  );
  const applied = Number(
    (result as unknown as { rows: Array<{ applied: string | number }> }).rows[0]?.applied,
  );
  return buildMigrations.filter((millis) => millis > applied).length;
}

/** query() of pg's clients and PGlite's, timed; a callback's end (pg's pool uses one) is the end. */
function timed<Query>(query: Query, observe: QueryObserver): Query {
  // Its overloads (text or config, values, callback) all pass through unchanged.
  const call = query as unknown as (...args: unknown[]) => unknown;
  return ((...args: unknown[]) => {
    const start = performance.now();
    const done = () => observe((performance.now() - start) / 1000);
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return last(...results);
      };
      return call(...args);
    }
    const result = call(...args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  }) as unknown as Query;
}

/**
 * The PGlite client drizzle sees: its query() timed, and its transactions' too. Its other members
 * stay its own (bound: PGlite keeps private fields, which a proxy as `this` cannot reach).
 */
function timedPglite(client: PGlite, observe: QueryObserver): PGlite {
  const query = timed(client.query.bind(client), observe);
  const transaction: PGlite['transaction'] = (callback) =>
    client.transaction((tx) => callback({ ...tx, query: timed(tx.query, observe) }));
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
