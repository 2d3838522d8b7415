import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { conflict } from './app-error';
import { hashRequest, type KeyClaim, type Outcome, onceInOneStatement } from './idempotency';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: 'memory://', dataDir: '/nonexistent' });
});
afterAll(() => database.close());

const placed: Outcome<{ id: number }> = { status: 201, body: { id: 7 } };

describe('onceInOneStatement', () => {
  it('answers what the statement wrote, with the key it was given to claim, and runs no transaction', async () => {
    const claims: Array<KeyClaim | undefined> = [];
    const outcome = await onceInOneStatement(
      database.db,
      { scope: 'test:1', key: 'statement-key-0001', body: { cart: 1 } },
      async (claim) => {
        claims.push(claim);
        return placed;
      },
      async () => {
        throw new Error('the transaction must not run');
      },
    );
    expect(outcome).toEqual(placed);
    expect(claims).toEqual([
      { scope: 'test:1', key: 'statement-key-0001', requestHash: hashRequest({ cart: 1 }) },
    ]);

    const withoutKey: Array<KeyClaim | undefined> = [];
    await onceInOneStatement(
      database.db,
      { scope: 'test:1', key: undefined, body: {} },
      async (claim) => {
        withoutKey.push(claim);
        return placed;
      },
      async () => placed,
    );
    expect(withoutKey).toEqual([undefined]);
  });

  it('leaves to the transaction what the statement did not write: a refusal is remembered under its key', async () => {
    const request = { scope: 'test:2', key: 'refused-key-0001', body: { cart: 2 } };
    let runs = 0;
    const refuse = async () => {
      runs += 1;
      throw conflict('Sorry, Pizza is sold out', 'SOLD_OUT');
    };
    const refusal = { status: 409, body: { message: 'Sorry, Pizza is sold out', code: 'SOLD_OUT' } };
    const wroteNothing = async () => undefined;
    expect(await onceInOneStatement(database.db, request, wroteNothing, refuse)).toEqual(refusal);
    // The retry finds the key answered: the work does not run again.
    expect(await onceInOneStatement(database.db, request, wroteNothing, refuse)).toEqual(refusal);
    expect(runs).toBe(1);
    await expect(
      onceInOneStatement(database.db, { ...request, body: { cart: 3 } }, wroteNothing, refuse),
    ).rejects.toMatchObject({ statusCode: 409, code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('goes the transaction’s way after a deadlock, which undid the statement, and lets any other failure through', async () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const request = { scope: 'test:3', key: 'deadlock-key-0001', body: {} };
    const fromTransaction = await onceInOneStatement(
      database.db,
      request,
      async () => {
        throw deadlock;
      },
      async () => placed,
    );
    expect(fromTransaction).toEqual(placed);

    const broken = Object.assign(new Error('connection lost'), { code: '08006' });
    await expect(
      onceInOneStatement(
        database.db,
        { ...request, key: 'broken-key-0001' },
        async () => {
          throw broken;
        },
        async () => placed,
      ),
    ).rejects.toBe(broken);
  });
});
