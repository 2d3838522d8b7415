import { parentPort, workerData } from 'node:worker_threads';
import { type ParserOptions, PGlite, type Transaction } from '@electric-sql/pglite';
import { collectStartupGarbage } from '../lib/startup-garbage';
import {
  type EmbeddedAnswer,
  type EmbeddedMessage,
  type EmbeddedRequest,
  type EmbeddedValue,
  type EmbeddedWorkerData,
  OPENED,
  sendableError,
} from './embedded-protocol';

/**
 * The embedded database's thread (embedded-client.ts): PGlite and its WebAssembly run here, so a
 * statement holds this thread, never the server's event loop. Requests are started in the order
 * they arrive; PGlite's own locks order them from there, exactly as on one thread: a statement
 * outside a transaction waits for the open one to end, a transaction's statements run inside it.
 */
const port = parentPort;
if (!port) throw new Error('embedded-worker.ts runs as a worker thread');
const { directory, startParams } = workerData as EmbeddedWorkerData;

const client = new PGlite(directory, { startParams });

/** Rejects the open transaction's callback: PGlite then rolls it back, as for a failed callback. */
class RollBack extends Error {}

type OpenTransaction = { tx: Transaction; end(commit: boolean): void; finished: Promise<void> };
const transactions = new Map<number, OpenTransaction>();
let lastTransaction = 0;
/** Requests started and not yet answered: close waits for them. */
const answering = new Set<Promise<void>>();

function on(tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return client;
  const open = transactions.get(tx);
  if (!open) throw new Error(`Transaction ${tx} is closed`);
  return open.tx;
}

const keepText = (text: string) => text;

function parsersKeepingText(types: number[]): ParserOptions | undefined {
  return types.length === 0 ? undefined : Object.fromEntries(types.map((type) => [type, keepText]));
}

/** Answers its number once PGlite has run BEGIN (after any transaction before it ended). */
function begin(): Promise<number> {
  const number = ++lastTransaction;
  return new Promise((opened, failed) => {
    const finished: Promise<void> = client.transaction(
      (tx) =>
        new Promise<void>((commit, rollBack) => {
          transactions.set(number, { tx, end: (ok) => (ok ? commit() : rollBack(new RollBack())), finished });
          opened(number);
        }),
    );
    // BEGIN failed: the callback never ran.
    finished.catch(failed);
  });
}

async function end(tx: number, commit: boolean): Promise<undefined> {
  const open = transactions.get(tx);
  if (!open) throw new Error(`Transaction ${tx} is closed`);
  transactions.delete(tx);
  open.end(commit);
  try {
    await open.finished;
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  return undefined;
}

async function run(request: EmbeddedRequest): Promise<EmbeddedValue> {
  switch (request.op) {
    case 'query':
      return on(request.tx).query(request.text, request.params, {
        rowMode: request.rowMode,
        parsers: parsersKeepingText(request.textTypes),
      });
    case 'exec':
      return on(request.tx).exec(request.text);
    case 'begin':
      return begin();
    case 'end':
      return end(request.tx, request.commit);
    case 'dump':
      return new Uint8Array(await (await client.dumpDataDir(request.compression)).arrayBuffer());
    case 'collectGarbage':
      collectStartupGarbage();
      return undefined;
    case 'close':
      await Promise.all(answering);
      await client.close();
      return undefined;
  }
}

function answer(message: EmbeddedAnswer) {
  // A dump's bytes are moved, not copied.
  const value = message.ok ? message.value : undefined;
  const moved = value instanceof Uint8Array ? [value.buffer as ArrayBuffer] : [];
  try {
    port!.postMessage(message, moved);
  } catch (error) {
    // A value that cannot cross threads: the caller gets an error, never silence.
    port!.postMessage({ id: message.id, ok: false, error: sendableError(error) } satisfies EmbeddedAnswer);
  }
}

function serve({ id, request }: EmbeddedMessage) {
  const answered = run(request).then(
    (value) => answer({ id, ok: true, value }),
    (error: unknown) => answer({ id, ok: false, error: sendableError(error) }),
  );
  if (request.op === 'close') {
    // Nothing after close: the thread ends once its answer is sent.
    void answered.then(() => port!.close());
    return;
  }
  answering.add(answered);
  void answered.then(() => answering.delete(answered));
}

// PGlite only: drizzle (the migrations, every query's SQL) stays on the server's thread.
client.waitReady.then(
  () => {
    answer({ id: OPENED, ok: true, value: undefined });
    port.on('message', serve);
  },
  (error: unknown) => {
    answer({ id: OPENED, ok: false, error: sendableError(error) });
    port.close();
  },
);
