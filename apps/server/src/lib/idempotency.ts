import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError, conflict } from './app-error';

export type Outcome<T> = { status: number; body: T | { message: string; code?: string } };

export const hashRequest = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * Runs `work` once per (scope, key): a retry or a double click with the same Idempotency-Key
 * gets the first answer again, including a refusal such as a declined card. Without a key the
 * work simply runs. An unexpected failure forgets the key so the client can retry.
 */
export async function once<T>(
  db: Db,
  request: { scope: string; key: string | undefined; body: unknown },
  work: () => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  if (!request.key) return capture(work);
  const requestHash = hashRequest(request.body);
  const where = and(eq(idempotencyKeys.scope, request.scope), eq(idempotencyKeys.key, request.key));

  const claimed = await db
    .insert(idempotencyKeys)
    .values({ scope: request.scope, key: request.key, requestHash })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });

  if (claimed.length === 0) {
    const [previous] = await db.select().from(idempotencyKeys).where(where).limit(1);
    if (!previous || previous.requestHash !== requestHash) {
      throw conflict(
        'This Idempotency-Key was already used for a different request',
        'IDEMPOTENCY_KEY_REUSED',
      );
    }
    if (previous.responseStatus === null) {
      throw conflict('This request is already being processed', 'REQUEST_IN_PROGRESS');
    }
    return { status: previous.responseStatus, body: previous.responseBody as Outcome<T>['body'] };
  }

  try {
    const outcome = await capture(work);
    await db
      .update(idempotencyKeys)
      .set({ responseStatus: outcome.status, responseBody: outcome.body })
      .where(where);
    return outcome;
  } catch (error) {
    await db.delete(idempotencyKeys).where(where);
    throw error;
  }
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
