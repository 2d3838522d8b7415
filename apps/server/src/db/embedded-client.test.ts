import { messages, PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedClient, openEmbeddedClient } from './embedded-client';
import { isUniqueViolation } from './errors';

/**
 * The embedded database on its worker thread answers as PGlite on this thread did: the same rows
 * and types, transactions that nothing interleaves, the same errors, and a close that drains.
 */
describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')(
  'the embedded database on its worker thread',
  () => {
    let client: EmbeddedClient;
    const observed: number[] = [];
    beforeAll(async () => {
      client = await openEmbeddedClient(
        { directory: undefined, startParams: PGlite.defaultStartParams },
        (seconds) => observed.push(seconds),
      );
      await client.exec('create table things (id int primary key, at timestamptz, note text)');
    });
    afterAll(() => client?.close());

    it('answers rows typed by PGlite, the caller keeping the types it parses itself', async () => {
      const at = '2026-03-02 12:00:00+00';
      await client.query('insert into things values ($1, $2, $3)', [1, at, null]);
      const typed = await client.query<{ id: number; at: Date; note: null }>(
        'select * from things where id = 1',
      );
      expect(typed.rows).toEqual([{ id: 1, at: new Date('2026-03-02T12:00:00Z'), note: null }]);
      // As drizzle asks: timestamps as PostgreSQL's text, by its own parser; a null stays null.
      const asText = await client.query('select at, note, at as at from things where id = 1', [], {
        rowMode: 'array',
        parsers: { [types.TIMESTAMPTZ]: (value) => `parsed ${value}`, [types.TEXT]: () => 'never' },
      });
      expect(asText.rows).toEqual([['parsed 2026-03-02 12:00:00+00', null, 'parsed 2026-03-02 12:00:00+00']]);
      expect(observed.length).toBeGreaterThanOrEqual(3);
    });

    it("collects its thread's garbage when asked, and goes on answering", async () => {
      await client.collectGarbage();
      const { rows } = await client.query<{ one: number }>('select 1 as one');
      expect(rows).toEqual([{ one: 1 }]);
    });

    it('runs a transaction with nothing in between, and rolls it back when its callback throws', async () => {
      let seenOutside: Promise<unknown> | undefined;
      const failing = client.transaction(async (tx) => {
        await tx.query('insert into things values (2, now(), $1)', ['uncommitted']);
        // Outside the transaction: it must wait for the end, and so never see the row.
        seenOutside = client.query('select count(*)::int as n from things where id = 2');
        expect(
          (await tx.query<{ n: number }>('select count(*)::int as n from things where id = 2')).rows,
        ).toEqual([{ n: 1 }]);
        throw new Error('changed my mind');
      });
      await expect(failing).rejects.toThrow('changed my mind');
      expect(((await seenOutside) as { rows: unknown[] }).rows).toEqual([{ n: 0 }]);

      const committed = await client.transaction(async (tx) => {
        await tx.query('insert into things values (3, now(), $1)', ['kept']);
        return 'done';
      });
      expect(committed).toBe('done');
      expect((await client.query('select note from things where id = 3')).rows).toEqual([{ note: 'kept' }]);
    });

    it('throws PostgreSQL errors as PGlite does: their class, code and constraint', async () => {
      const error = await client
        .query('insert into things values (1, now(), null)')
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(messages.DatabaseError);
      expect(error).toMatchObject({ code: '23505', constraint: 'things_pkey', severity: 'ERROR' });
      expect(isUniqueViolation(error)).toBe(true);
      // A transaction whose statement failed is rolled back at its end, as PGlite says.
      const aborted = client.transaction(async (tx) => {
        await tx.query('insert into things values (1, now(), null)').catch(() => undefined);
      });
      await expect(aborted).rejects.toMatchObject({ code: '25P02' });
      const closedTransaction = await client
        .transaction(async (tx) => tx)
        .then((tx) => tx.query('select 1'))
        .catch((caught: Error) => caught);
      expect(closedTransaction).toBeInstanceOf(Error);
    });

    it('dumps the data directory as a gzipped tar', async () => {
      const dump = new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
      expect([...dump.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    });

    it('answers what was asked before close, and refuses what comes after', async () => {
      const other = await openEmbeddedClient({
        directory: undefined,
        startParams: PGlite.defaultStartParams,
      });
      const asked = other.query<{ one: number }>('select 1 as one');
      const closed = other.close();
      expect((await asked).rows).toEqual([{ one: 1 }]);
      await closed;
      await expect(other.query('select 1')).rejects.toThrow('stopped');
      await expect(other.close()).resolves.toBeUndefined();
    });
  },
);
