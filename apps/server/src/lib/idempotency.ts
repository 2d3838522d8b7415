import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError, conflict } from './app-error';

export type Outcome<T> = { status: number; body: T | { message: string; code?: string } };

export const hashRequest = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex');

type IdempotentRequest = { scope: string; key: string | undefined; body: unknown };

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
