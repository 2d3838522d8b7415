import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';

/**
 * What the fuzz suite reads to prove that a refused request changed nothing (SECURITY.md):
 * a write counter per table, kept by a row trigger inside the writing transaction (so a write
 * rolled back does not count, and one committed always does), cheap enough to read after every
 * request; and a count and checksum of every table, compared around batches of refused requests.
 */
const COUNTER_TABLE = 'fuzz_writes';

type Rows = { rows: Record<string, unknown>[] };

const query = async (t: TestApp, statement: ReturnType<typeof sql.raw>) =>
  ((await t.app.database.db.execute(statement)) as unknown as Rows).rows;

/** The application's tables (drizzle keeps its journal in a schema of its own). */
export async function applicationTables(t: TestApp): Promise<string[]> {
  const rows = await query(
    t,
    sql.raw(
      `select tablename from pg_tables where schemaname = 'public' and tablename <> '${COUNTER_TABLE}' order by tablename`,
    ),
  );
  return rows.map((row) => String(row.tablename));
}

/** Installs the counting trigger on every table; test databases only. */
export async function installWriteCounters(t: TestApp, tables: string[]) {
  await query(
    t,
    sql.raw(`create table ${COUNTER_TABLE} (table_name text primary key, writes bigint not null default 0)`),
  );
  await query(
    t,
    sql.raw(`create function fuzz_count_write() returns trigger language plpgsql as $$
      begin
        update ${COUNTER_TABLE} set writes = writes + 1 where table_name = tg_table_name;
        return null;
      end $$`),
  );
  for (const table of tables) {
    await query(t, sql.raw(`insert into ${COUNTER_TABLE} (table_name) values ('${table}')`));
    await query(
      t,
      sql.raw(
        `create trigger fuzz_count_write after insert or update or delete on "${table}" for each row execute function fuzz_count_write()`,
      ),
    );
  }
}

export type WriteCounts = Record<string, number>;

export async function writeCounts(t: TestApp): Promise<WriteCounts> {
  const rows = await query(t, sql.raw(`select table_name, writes from ${COUNTER_TABLE}`));
  return Object.fromEntries(rows.map((row) => [String(row.table_name), Number(row.writes)]));
}

/** The tables whose counters moved between two readings. */
export function writtenTables(before: WriteCounts, after: WriteCounts): string[] {
  return Object.keys(after).filter((table) => after[table] !== before[table]);
}

export type Snapshot = Record<string, { rows: number; checksum: string }>;

/** Row count and an order-independent checksum of every row's text, per table, in one query. */
export async function snapshot(t: TestApp, tables: string[]): Promise<Snapshot> {
  const parts = tables.map(
    (table) =>
      `select '${table}' as name, count(*)::int as rows, coalesce(sum(hashtext(r::text)::bigint), 0)::text as checksum from "${table}" r`,
  );
  const rows = await query(t, sql.raw(parts.join(' union all ')));
  return Object.fromEntries(
    rows.map((row) => [String(row.name), { rows: Number(row.rows), checksum: String(row.checksum) }]),
  );
}

/** The idempotency record a request with this key left, if any. */
export async function idempotencyStatuses(t: TestApp, key: string): Promise<number[]> {
  const result = await t.app.database.db.execute(
    sql`select response_status from idempotency_keys where key = ${key}`,
  );
  return (result as unknown as Rows).rows.map((row) => Number(row.response_status));
}
