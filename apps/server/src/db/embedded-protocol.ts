import { messages, type Results, type RowMode } from '@electric-sql/pglite';

/**
 * The messages between the server's event loop (embedded-client.ts) and the worker thread that
 * runs PGlite (embedded-worker.ts). Every request has an id; the worker answers each exactly once.
 */

/** What the worker is started with (its workerData). */
export type EmbeddedWorkerData = {
  /** PGlite's files; undefined: in memory. */
  directory: string | undefined;
  startParams: string[];
};

/** A request and the number its answer will carry. */
export type EmbeddedMessage = { id: number; request: EmbeddedRequest };

/** A statement on the worker's PGlite, or in one of its open transactions (`tx`). */
export type EmbeddedRequest =
  | {
      op: 'query';
      tx: number | undefined;
      text: string;
      params: unknown[];
      rowMode: RowMode | undefined;
      /**
       * Types the caller parses itself (its own parsers cannot cross threads): their values come
       * back as PostgreSQL's text, as a parser of theirs receives them.
       */
      textTypes: number[];
    }
  | { op: 'exec'; tx: number | undefined; text: string }
  /** Opens a transaction (once PGlite's transaction lock is free); answers its number. */
  | { op: 'begin' }
  /** Commits (`commit`) or rolls back transaction `tx`, as PGlite's transaction() does. */
  | { op: 'end'; tx: number; commit: boolean }
  /** The data directory as a tar (PGlite's dumpDataDir), answered as its bytes. */
  | { op: 'dump'; compression: 'gzip' | 'none' }
  /** One full garbage collection of the thread's heap, once the server has started. */
  | { op: 'collectGarbage' }
  /** Closes PGlite once every request before it has been answered. */
  | { op: 'close' };

/** What a request answers: rows, exec's results, a transaction's number, a dump's bytes, nothing. */
export type EmbeddedValue = Results | Results[] | number | Uint8Array | undefined;

export type EmbeddedAnswer =
  | { id: number; ok: true; value: EmbeddedValue }
  | { id: number; ok: false; error: SentError };

/** The answer to opening: request id 0, sent once PGlite has started. */
export const OPENED = 0;

/** An error as it crosses threads: structured clone keeps an Error's message, not its fields. */
export type SentError = { databaseError: boolean; message: string; fields: Record<string, unknown> };

/** Fields no error needs across threads: the query options may hold functions (parsers). */
const LEFT_BEHIND = new Set(['queryOptions', 'stack', 'message']);

export function sendableError(error: unknown): SentError {
  if (!(error instanceof Error)) return { databaseError: false, message: String(error), fields: {} };
  const fields = Object.fromEntries(
    Object.entries(error).filter(([name, value]) => !LEFT_BEHIND.has(name) && typeof value !== 'function'),
  );
  return {
    databaseError: error instanceof messages.DatabaseError,
    message: error.message,
    fields: { ...fields, name: error.name },
  };
}

/**
 * The error as PGlite would have thrown it on this thread: a DatabaseError keeps its class and
 * every field (code, constraint, detail…), so db/errors.ts and the callers see the same error.
 */
export function receivedError(sent: SentError): Error {
  const error = sent.databaseError
    ? new messages.DatabaseError(sent.message, Number(sent.fields.length ?? 0), 'error')
    : new Error(sent.message);
  return Object.assign(error, sent.fields);
}
