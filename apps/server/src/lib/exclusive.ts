import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Runs `work` on one server instance at a time. On PostgreSQL a transaction-scoped advisory
 * lock decides (instances that do not get it skip this round); embedded PGlite serves a single
 * process, which needs no lock.
 */
export async function runExclusively<T>(
  database: Database,
  lockId: number,
  work: () => Promise<T>,
): Promise<T | undefined> {
  if (database.kind !== 'postgres') return work();
  return database.db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${lockId}) as locked`);
    const locked = (result as unknown as { rows: Array<{ locked: boolean }> }).rows[0]?.locked;
    return locked ? work() : undefined;
  });
}
