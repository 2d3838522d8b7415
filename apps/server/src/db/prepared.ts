import pg from 'pg';
import { DEFAULT_DATABASE_POOL_SIZE } from '../config/config';
import type { Db } from './client';

/**
 * A hot statement: its name is unique, its text fixed (values go in $1…). On PostgreSQL each pool
 * connection parses and plans it once, then only binds and runs it; on PGlite (one connection, on
 * its worker thread in this process) it is sent as a plain parameterised query.
 */
export type PreparedStatement = { name: string; text: string };

/** The driver's own client under drizzle: a pg pool or the embedded client (db/embedded-client.ts). */
type DriverClient = pg.Pool | { query<Row>(text: string, values: unknown[]): Promise<{ rows: Row[] }> };
const driverClientOf = (db: Db) => (db as Db & { $client: DriverClient }).$client;

/**
 * Runs `statement` outside any transaction (it commits on its own, as one statement does) and
 * answers its rows, typed by the driver's own parsers (timestamptz → Date, json → values).
 */
export async function runPrepared<Row>(
  db: Db,
  statement: PreparedStatement,
  values: unknown[],
): Promise<Row[]> {
  const client = driverClientOf(db);
  if (client instanceof pg.Pool) {
    const result = await client.query<Row & pg.QueryResultRow>({ ...statement, values });
    return result.rows;
  }
  return (await client.query<Row>(statement.text, values)).rows;
}

/** How many statements can run at once: the pool's size on PostgreSQL, PGlite's one connection. */
export function connectionsOf(db: Db): number {
  const client = driverClientOf(db);
  return client instanceof pg.Pool ? (client.options.max ?? DEFAULT_DATABASE_POOL_SIZE) : 1;
}
