import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

type Reads<Results extends readonly unknown[]> = { [Index in keyof Results]: () => Promise<Results[Index]> };

/**
 * Several reads of one handle, together: at once on the pool (each on a connection of its own),
 * one after another in a transaction, whose one connection runs a statement at a time. Queued on
 * one client at once, pg answers them in order today but warns, and pg 9 refuses it.
 */
export async function readsTogether<const Results extends readonly unknown[]>(
  db: DbOrTx,
  reads: Reads<Results>,
): Promise<Results> {
  if (!(db instanceof PgTransaction))
    return (await Promise.all(reads.map((read) => read()))) as unknown as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as Results;
}
