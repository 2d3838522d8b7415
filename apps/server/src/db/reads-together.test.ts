import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import type { DbOrTx } from './client';
import { readsTogether } from './reads-together';

describe('readsTogether', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Two reads that write down when each starts and ends. */
  function loggedReads(db: DbOrTx, log: string[]) {
    const read = (name: string, value: number) => async () => {
      log.push(`${name} starts`);
      const result = await db.execute(sql`select ${value}::int as value`);
      log.push(`${name} ends`);
      return Number((result as unknown as { rows: Array<{ value: number }> }).rows[0]!.value);
    };
    return [read('first', 1), read('second', 2)] as const;
  }

  it('runs the reads of a transaction one after another, each answer in its place', async () => {
    const log: string[] = [];
    const results = await t.app.database.db.transaction((tx) => readsTogether(tx, loggedReads(tx, log)));
    expect(results).toEqual([1, 2]);
    expect(log).toEqual(['first starts', 'first ends', 'second starts', 'second ends']);
  });

  it('starts the reads of the pool at once, each answer in its place', async () => {
    const log: string[] = [];
    const results = await readsTogether(t.app.database.db, loggedReads(t.app.database.db, log));
    expect(results).toEqual([1, 2]);
    expect(log.slice(0, 2)).toEqual(['first starts', 'second starts']);
  });
});
