import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DataDirLock, holdDataDirLock } from './data-dir-lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a repository receives: the database or an open transaction. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = {
  db: Db;
  /** 'pglite' (embedded, file or memory) or 'postgres'. */
  kind: 'pglite' | 'postgres';
  /** True when the embedded database lives on disk (the demo seed runs only there). */
  embeddedOnDisk: boolean;
  /** The embedded database's own client: backups dump its files between transactions. */
  pglite: PGlite | undefined;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

/**
 * PGlite's own start parameters with a 16 MB buffer cache instead of 128 MB: its WebAssembly
 * memory only grows, and the files are in the operating system's cache anyway (docs/performance.md).
 */
const pgliteOptions = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] };

const migrationsFolder = path.join(path.dirname(new URL(import.meta.url).pathname), '../../drizzle');

/**
 * Opens the database named by DATABASE_URL and applies the committed migrations:
 * unset → PGlite files in DATA_DIR/pglite; memory:// → PGlite in memory; postgres:// → a pg pool.
 */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  onIdleConnectionError?: (error: Error) => void;
}): Promise<Database> {
  const { databaseUrl, dataDir } = options;
  if (databaseUrl?.startsWith('postgres')) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection closed by the server (a restart, a failover, an admin) must not crash
    // the process: the pool drops that client and opens a new one when next needed.
    pool.on('error', (error) => options.onIdleConnectionError?.(error));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      embeddedOnDisk: false,
      pglite: undefined,
      ping: () => ping(db),
      close: () => pool.end(),
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
  const created = directory !== undefined && !existsSync(path.join(directory, 'PG_VERSION'));
  let client: PGlite;
  try {
    client = new PGlite(directory, pgliteOptions);
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    if (created) {
      // Creating the cluster (initdb) grows PGlite's WebAssembly memory by ~500 MB, and such memory
      // never shrinks: a second instance on the new files lets the first one's memory go.
      await client.close();
      client = new PGlite(directory, pgliteOptions);
    }
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    embeddedOnDisk: !inMemory,
    pglite: client,
    ping: () => ping(db),
    close: async () => {
      await client.close();
      lock?.release();
    },
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
