import { receiptMessages } from '@tableserve/contract/receipts';
import { AppError } from '../../lib/app-error';
import { createBoundedWorker } from '../../lib/bounded-worker';
import type { Receipt } from './receipt-rows';

/**
 * Receipts' PDFs are drawn on a worker thread behind a bounded line (docs/decisions/024-bounded-work.md),
 * as the table sheets are: before, each was drawn on the event loop, and six at once of a
 * 5,000-line bill held /health for seconds. A receipt is capped (RECEIPT_LINES_LISTED), so one
 * takes tens of milliseconds; the line holds the read of its bill too (runPrepared).
 */
export const RECEIPTS_WAITING = 10;
/** About the time a full line of receipts takes to clear, with room to spare. */
export const RECEIPTS_RETRY_AFTER_SECONDS = 5;
/** Far above a capped receipt's need: a bug cannot take the host's memory with it. */
const WORKER_HEAP_MB = 256;

export type ReceiptPdfs = ReturnType<typeof createReceiptPdfs>;

export function createReceiptPdfs({ waiting = RECEIPTS_WAITING } = {}) {
  const worker = createBoundedWorker<Receipt, Uint8Array>({
    // receipts.worker.cjs beside the running code: in src/ a plain entry that loads the
    // TypeScript (see table-sheets.worker.cjs), in dist/ the bundled worker.
    url: new URL('./receipts.worker.cjs', import.meta.url),
    name: 'the receipts',
    waiting,
    refuse: () => new AppError(503, receiptMessages.busy, 'RECEIPTS_BUSY', RECEIPTS_RETRY_AFTER_SECONDS),
    heapMb: WORKER_HEAP_MB,
  });
  return {
    /** The receipt read (`read`, which may throw a 404) and drawn, in its turn; 503 when the line is full. */
    async pdf(read: () => Promise<Receipt>): Promise<Buffer> {
      const pdf = await worker.runPrepared(read);
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
    close: () => worker.close(),
  };
}
