import { type PaperSize, qrMessages, type TableCodesResponse } from '@tableserve/contract/menu';
import { AppError } from '../../lib/app-error';
import { createBoundedWorker } from '../../lib/bounded-worker';
import type { SheetSource } from './table-codes';

/** A job for the worker: the codes alone, or with `paper` the PDF sheet of cards. */
export type SheetJob = { source: SheetSource; paper?: PaperSize };
export type SheetResult = { codes: TableCodesResponse } | { pdf: Uint8Array };

/**
 * A restaurant's 1,000 tables cost about 0.4 s of encoding and 1.5 s of PDF, and about 100 MB
 * while the sheet is made. So sheets are made by one worker thread (bounded-worker.ts), one at a
 * time, and at most WAITING more wait their turn (about 10 s for the last of 1,000 tables);
 * beyond that the caller is told to come back (503 with Retry-After). 12 at once took 1.7 GB
 * when each was made on the event loop.
 */
export const WAITING = 4;
/** About the time a full line of 1,000-table sheets takes to clear. */
export const BUSY_RETRY_AFTER_SECONDS = 10;
/** Far above the 1,000-table sheet's need: a bug cannot take the host's memory with it. */
const WORKER_HEAP_MB = 512;

export type TableSheets = ReturnType<typeof createTableSheets>;

export function createTableSheets({ waiting = WAITING } = {}) {
  const worker = createBoundedWorker<SheetJob, SheetResult>({
    // table-sheets.worker.cjs beside the running code: in src/ a plain entry that loads the
    // TypeScript (see it), in dist/ the bundled worker.
    url: new URL('./table-sheets.worker.cjs', import.meta.url),
    name: 'the table sheets',
    waiting,
    refuse: () => new AppError(503, qrMessages.sheetsBusy, 'SHEETS_BUSY', BUSY_RETRY_AFTER_SECONDS),
    heapMb: WORKER_HEAP_MB,
  });

  return {
    /** Each table's link and code. */
    async codes(source: SheetSource): Promise<TableCodesResponse> {
      const result = await worker.run({ source });
      if (!('codes' in result)) throw new Error('the worker answered a PDF for codes');
      return result.codes;
    },

    /** The printable PDF sheet of cards. */
    async pdf(source: SheetSource, paper: PaperSize): Promise<Buffer> {
      const result = await worker.run({ source, paper });
      if (!('pdf' in result)) throw new Error('the worker answered codes for a PDF');
      return Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength);
    },

    /** Refuses what still waits and stops the worker (the app is closing). */
    close: () => worker.close(),
  };
}
