import { Worker } from 'node:worker_threads';
import type { ParserOptions, Results, RowMode } from '@electric-sql/pglite';
import {
  type EmbeddedAnswer,
  type EmbeddedMessage,
  type EmbeddedRequest,
  type EmbeddedWorkerData,
  OPENED,
  receivedError,
} from './embedded-protocol';

/** Seconds one statement took, failed ones included (db/client.ts: the metrics' histogram). */
export type QueryObserver = (seconds: number) => void;

/** What drizzle's PGlite driver and runPrepared pass: the rest of PGlite's options are not used. */
export type EmbeddedQueryOptions = { rowMode?: RowMode; parsers?: ParserOptions };

/** A statement's part of PGlite's client, outside a transaction or inside one. */
export type EmbeddedStatements = {
  query<Row>(text: string, params?: unknown[], options?: EmbeddedQueryOptions): Promise<Results<Row>>;
  exec(text: string): Promise<Results[]>;
};

/**
 * The embedded database as the app sees it: PGlite's query, exec and transaction (what drizzle's
 * PGlite driver calls), the data directory's dump, close. PGlite itself runs on a worker thread
 * (embedded-worker.ts): its statements are WebAssembly that would otherwise hold the server's
 * event loop for their whole length, a diner's socket or a status change waiting behind them.
 */
export type EmbeddedClient = EmbeddedStatements & {
  /** As PGlite's: the callback's statements run in order, nothing else in between; a throw rolls back. */
  transaction<T>(callback: (tx: EmbeddedStatements) => Promise<T>): Promise<T>;
  /** The data directory as a tar, gzipped or not (PGlite's dumpDataDir). */
  dumpDataDir(compression: 'gzip' | 'none'): Promise<Blob>;
  /** The thread's start-up garbage collected (lib/startup-garbage.ts). */
  collectGarbage(): Promise<void>;
  /** Answers every request made before it, then closes PGlite and ends the thread. */
  close(): Promise<void>;
};

/**
 * The worker's young generation (V8's nursery): its garbage is each statement's protocol messages
 * and rows, short-lived, so a small nursery costs little; V8's default let it grow by about 15 MB
 * of resident memory over the idle server's (docs/performance.md, the embedded default's RSS).
 */
const WORKER_YOUNG_GENERATION_MB = 8;

type Waiting = { resolve(value: unknown): void; reject(error: Error): void };

/**
 * Starts the worker thread on `data` (PGlite's files, or memory) and answers once PGlite has
 * started; rejects with PGlite's error when it fails.
 */
export async function openEmbeddedClient(
  data: EmbeddedWorkerData,
  onQuery?: QueryObserver,
): Promise<EmbeddedClient> {
  // embedded-worker.cjs beside the running code: in src/ a plain entry that loads the TypeScript
  // (see it), in dist/ the bundled worker. None of the server's own flags.
  const worker = new Worker(new URL('./embedded-worker.cjs', import.meta.url), {
    workerData: data,
    execArgv: [],
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  });
  const waiting = new Map<number, Waiting>();
  let lastId = OPENED;
  let stopped: Error | undefined;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  worker.on('message', (answer: EmbeddedAnswer) => {
    const caller = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (answer.ok) caller?.resolve(answer.value);
    else caller?.reject(receivedError(answer.error));
  });
  let failure: Error | undefined;
  worker.on('error', (error) => {
    failure = error;
  });
  // Closed, or failed: what still waits, and every later request, gets the reason.
  worker.on('exit', (code) => {
    stopped = failure ?? new Error(`The embedded database's thread has stopped (exit code ${code})`);
    for (const caller of waiting.values()) caller.reject(stopped);
    waiting.clear();
  });

  function ask<Value>(request: EmbeddedRequest): Promise<Value> {
    if (stopped) return Promise.reject(stopped);
    const id = ++lastId;
    worker.postMessage({ id, request } satisfies EmbeddedMessage);
    return new Promise<Value>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as Waiting['resolve'], reject });
    });
  }

  await new Promise((resolve, reject) => waiting.set(OPENED, { resolve, reject }));

  async function query<Row>(
    tx: number | undefined,
    text: string,
    params: unknown[] = [],
    options: EmbeddedQueryOptions = {},
  ): Promise<Results<Row>> {
    const start = performance.now();
    try {
      const results = await ask<Results<Row>>({
        op: 'query',
        tx,
        text,
        params,
        rowMode: options.rowMode,
        textTypes: options.parsers ? Object.keys(options.parsers).map(Number) : [],
      });
      return parsedHere(results, options);
    } finally {
      onQuery?.((performance.now() - start) / 1000);
    }
  }
  const statementsOf = (tx: number | undefined): EmbeddedStatements => ({
    query: (text, params, options) => query(tx, text, params, options),
    exec: (text) => ask({ op: 'exec', tx, text }),
  });

  let closing: Promise<void> | undefined;
  return {
    ...statementsOf(undefined),
    async transaction(callback) {
      const tx = await ask<number>({ op: 'begin' });
      let result: Awaited<ReturnType<typeof callback>>;
      try {
        result = await callback(statementsOf(tx));
      } catch (error) {
        // As PGlite: rolled back, and the callback's error thrown (or the rollback's, if it failed).
        await ask({ op: 'end', tx, commit: false });
        throw error;
      }
      await ask({ op: 'end', tx, commit: true });
      return result;
    },
    collectGarbage: () => ask({ op: 'collectGarbage' }),
    dumpDataDir: async (compression) =>
      new Blob([await ask<Uint8Array<ArrayBuffer>>({ op: 'dump', compression })]),
    close() {
      closing ??= (stopped ? Promise.resolve() : ask({ op: 'close' })).then(() => exited);
      return closing;
    },
  };
}

/**
 * The caller's parsers applied here to the values the worker left as text (their types were
 * sent as textTypes), as PGlite applies them: never to a null; in object rows, to the last column
 * of a name (the one the row keeps).
 */
function parsedHere<Row>(results: Results<Row>, options: EmbeddedQueryOptions): Results<Row> {
  const { parsers } = options;
  if (!parsers) return results;
  const byArray = options.rowMode === 'array';
  const parsed = results.fields.flatMap((field, index) => {
    const parser = parsers[field.dataTypeID];
    const kept = byArray || results.fields.findLastIndex((other) => other.name === field.name) === index;
    return parser && kept ? [{ key: byArray ? index : field.name, parser }] : [];
  });
  if (parsed.length === 0) return results;
  for (const row of results.rows as Record<string | number, unknown>[])
    for (const { key, parser } of parsed) if (row[key] !== null) row[key] = parser(row[key] as string);
  return results;
}
