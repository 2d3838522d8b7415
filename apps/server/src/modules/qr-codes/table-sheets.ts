import { Worker } from 'node:worker_threads';
import { type PaperSize, qrMessages, type TableCodesResponse } from '@tableserve/contract/menu';
import { AppError } from '../../lib/app-error';
import type { SheetSource } from './table-codes';

/** A job for the worker: the codes alone, or with `paper` the PDF sheet of cards. */
export type SheetJob = { source: SheetSource; paper?: PaperSize };
export type SheetResult = { codes: TableCodesResponse } | { pdf: Uint8Array };

/**
 * A restaurant's 1,000 tables cost about 0.4 s of encoding and 1.5 s of PDF, and about 100 MB
 * while the sheet is made. So sheets are made by one worker thread, one at a time, and at most
 * WAITING more wait their turn (about 10 s for the last of 1,000 tables); beyond that the
 * caller is told to come back (503 with Retry-After). The event loop only hands jobs over, and
 * memory holds one sheet in the making, whatever the number of callers (12 at once took 1.7 GB
 * when each was made on the event loop). One worker keeps a core for the event loop on a
 * 2-core host.
 */
export const WAITING = 4;
/** About the time a full line of 1,000-table sheets takes to clear. */
export const BUSY_RETRY_AFTER_SECONDS = 10;
/** An idle worker gives its memory back: started again by the next sheet (about 0.3 s). */
const IDLE_MS = 30_000;
/** Far above the 1,000-table sheet's need: a bug cannot take the host's memory with it. */
const WORKER_HEAP_MB = 512;

type Waiting = { job: SheetJob; resolve: (result: SheetResult) => void; reject: (error: Error) => void };

export type TableSheets = ReturnType<typeof createTableSheets>;

export function createTableSheets({ waiting = WAITING } = {}) {
  const line: Waiting[] = [];
  let running: Waiting | undefined;
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;

  function startWorker() {
    // table-sheets.worker.cjs beside the running code: in src/ a plain entry that loads the
    // TypeScript (see it), in dist/ the bundled worker. None of the server's own flags.
    const started = new Worker(new URL('./table-sheets.worker.cjs', import.meta.url), {
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let failure: Error | undefined;
    started.on('message', (result: SheetResult) => {
      running?.resolve(result);
      running = undefined;
      next();
    });
    started.on('error', (error) => {
      failure = error;
    });
    // Failed, or stopped by close(): the job it had fails; the next one starts a new worker.
    started.on('exit', () => {
      if (worker !== started) return; // retired when idle: it had no job
      worker = undefined;
      running?.reject(failure ?? new Error('the table sheets worker stopped'));
      running = undefined;
      next();
    });
    return started;
  }

  /** Retired at once: a job arriving while it stops goes to a new worker. */
  function retireWorker() {
    const idle = worker;
    worker = undefined;
    return idle?.terminate();
  }

  function next() {
    if (running) return;
    clearTimeout(idleTimer);
    const job = line.shift();
    if (!job) {
      idleTimer = setTimeout(retireWorker, IDLE_MS);
      return;
    }
    running = job;
    worker ??= startWorker();
    worker.postMessage(job.job);
  }

  function make(job: SheetJob): Promise<SheetResult> {
    if (running && line.length >= waiting)
      throw new AppError(503, qrMessages.sheetsBusy, 'SHEETS_BUSY', BUSY_RETRY_AFTER_SECONDS);
    return new Promise((resolve, reject) => {
      line.push({ job, resolve, reject });
      next();
    });
  }

  return {
    /** Each table's link and code. */
    async codes(source: SheetSource): Promise<TableCodesResponse> {
      const result = await make({ source });
      if (!('codes' in result)) throw new Error('the worker answered a PDF for codes');
      return result.codes;
    },

    /** The printable PDF sheet of cards. */
    async pdf(source: SheetSource, paper: PaperSize): Promise<Buffer> {
      const result = await make({ source, paper });
      if (!('pdf' in result)) throw new Error('the worker answered codes for a PDF');
      return Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength);
    },

    /** Refuses what still waits and stops the worker (the app is closing). */
    async close() {
      clearTimeout(idleTimer);
      for (const waiter of line.splice(0)) waiter.reject(new Error('the server is closing'));
      running?.reject(new Error('the server is closing'));
      running = undefined;
      await retireWorker();
    },
  };
}
