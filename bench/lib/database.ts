import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/** The server's committed migrations: the bench builds the very schema the server expects. */
const migrationsFolder = fileURLToPath(new URL('../../apps/server/drizzle', import.meta.url));

/** What seeding needs of either database: one statement per call, with $1… parameters. */
export type Sql = {
  query<Row>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  close(): Promise<void>;
};

/**
 * A database of the run's own on the PostgreSQL server (tableserve_bench_<pid>), so the bench
 * never reads or writes anyone else's data; drop() removes it, also when the run fails.
 */
export async function createRunDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tableserve_bench_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  // A leftover of a killed run with the same pid; WITH (FORCE) ends its connections (PostgreSQL 13+).
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Opens the run's database (PostgreSQL, or PGlite files the server will open next) and migrates it. */
export async function openMigrated(target: { databaseUrl: string } | { dataDir: string }): Promise<Sql> {
  if ('databaseUrl' in target) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    await migratePg(drizzlePg(client), { migrationsFolder });
    return {
      query: async <Row>(text: string, params?: unknown[]) => ({
        rows: (await client.query(text, params)).rows as Row[],
      }),
      close: () => client.end(),
    };
  }
  // The server finds its embedded database in DATA_DIR/pglite (apps/server/src/db/client.ts).
  const directory = path.join(target.dataDir, 'pglite');
  mkdirSync(directory, { recursive: true });
  const client = new PGlite(directory);
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    query: async <Row>(text: string, params?: unknown[]) => ({
      rows: (await client.query<Row>(text, params)).rows,
    }),
    close: () => client.close(),
  };
}
