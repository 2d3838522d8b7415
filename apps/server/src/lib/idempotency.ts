import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError, conflict } from './app-error';

export type Outcome<T> = { status: number; body: T | { message: string; code?: string } };

export const hashRequest = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex');

type IdempotentRequest = { scope: string; key: string | undefined; body: unknown };

/** What a statement that claims the key itself writes in the key's row (with the answer). */
export type KeyClaim = { scope: string; key: string; requestHash: string };

/**
 * The key's record, on the handle the caller works on (the database or its transaction): claim
 * it, or answer what the earlier request with that key answered; then record this answer.
 */
function keyRecord(db: DbOrTx, request: IdempotentRequest & { key: string }) {
  const { scope, key } = request;
  const requestHash = hashRequest(request.body);
  const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  return {
    where,
    /** True when this request holds the key now; false when an earlier one did. */
    async claim(): Promise<boolean> {
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ scope, key, requestHash })
        .onConflictDoNothing()
        .returning({ id: idempotencyKeys.id });
      return claimed.length > 0;
    },
    /** The earlier request's answer; a different body or an unanswered key is a 409. */
    async earlierAnswer<T>(): Promise<Outcome<T>> {
      const [previous] = await db.select().from(idempotencyKeys).where(where).limit(1);
      if (!previous || previous.requestHash !== requestHash) {
        throw conflict(
          'This Idempotency-Key was already used for a different request',
          'IDEMPOTENCY_KEY_REUSED',
        );
      }
      // Inside a transaction only a key claimed by `once` (outside one) can be seen unanswered.
      if (previous.responseStatus === null) {
        throw conflict('This request is already being processed', 'REQUEST_IN_PROGRESS');
      }
      return { status: previous.responseStatus, body: previous.responseBody as Outcome<T>['body'] };
    },
    async record<T>(outcome: Outcome<T>) {
      await db
        .update(idempotencyKeys)
        .set({ responseStatus: outcome.status, responseBody: outcome.body })
        .where(where);
    },
  };
}

/**
 * Runs `work` once per (scope, key): a retry or a double click with the same Idempotency-Key
 * gets the first answer again, including a refusal such as a declined card. Without a key the
 * work simply runs. An unexpected failure forgets the key so the client can retry.
 */
export async function once<T>(
  db: Db,
  request: IdempotentRequest,
  work: () => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  if (!request.key) return capture(work);
  const record = keyRecord(db, { ...request, key: request.key });
  if (!(await record.claim())) return record.earlierAnswer<T>();
  try {
    const outcome = await capture(work);
    await record.record(outcome);
    return outcome;
  } catch (error) {
    await db.delete(idempotencyKeys).where(record.where);
    throw error;
  }
}

/**
 * `once` for work that only touches this database (an order): the key, the work's writes and the
 * answer commit together in one transaction, or not at all. A crash leaves no claimed key without
 * an answer; a concurrent duplicate waits on the key's unique index until the first commits, then
 * reads its answer, so 50 simultaneous retries all get the first one's answer and one order.
 * A refusal is remembered too: `work` must refuse before it writes, since its writes commit with it.
 */
export async function onceInTransaction<T>(
  db: Db,
  request: IdempotentRequest,
  work: (tx: DbOrTx) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  const { key } = request;
  if (!key) return capture(() => db.transaction((tx) => work(tx)));
  return db.transaction(async (tx) => {
    const record = keyRecord(tx, { ...request, key });
    if (!(await record.claim())) return record.earlierAnswer<T>();
    const outcome = await capture(() => work(tx));
    await record.record(outcome);
    return outcome;
  });
}

/** PostgreSQL's deadlock_detected: the statement was undone, and may be run another way. */
const DEADLOCK = '40P01';

/**
 * `onceInTransaction` tried first as one statement (one round trip, one commit): `statement`
 * claims the key (ON CONFLICT DO NOTHING, which waits for a concurrent holder to commit) together
 * with its answer and all the work's writes, or writes nothing and answers undefined: the key was
 * used already, or the work refuses (a refusal must be remembered). Then `onceInTransaction`
 * answers, as if the try never happened: the first answer again for the same body, a 409 for
 * another, the refusal recorded with the key. Nothing is half-done: a statement is atomic.
 */
export async function onceInOneStatement<T>(
  db: Db,
  request: IdempotentRequest,
  statement: (claim: KeyClaim | undefined) => Promise<Outcome<T> | undefined>,
  work: (tx: DbOrTx) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  const { scope, key } = request;
  try {
    const outcome = await statement(key ? { scope, key, requestHash: hashRequest(request.body) } : undefined);
    if (outcome) return outcome;
  } catch (error) {
    // The statement takes its row locks before the key, the transaction the key first: a duplicate
    // of this very request in the transaction at the same moment can deadlock with it. Undone, it
    // goes the transaction's way, which waits for the other and answers as it did.
    if ((error as { code?: unknown }).code !== DEADLOCK) throw error;
  }
  return onceInTransaction(db, request, work);
}

/** Expected refusals become outcomes worth remembering; anything else propagates. */
async function capture<T>(work: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError)
      return { status: error.statusCode, body: { message: error.message, code: error.code } };
    throw error;
  }
}
