import { receiptMessages } from '@tableserve/contract/receipts';
import { AppError } from '../../lib/app-error';
import { createBoundedWorker } from '../../lib/bounded-worker';
import type { Receipt } from './receipt-rows';

/**
 * Receipts' PDFs are drawn on a worker thread behind a bounded line (docs/decisions/024-bounded-work.md),
 * as the table sheets are: before, each was drawn on the event loop, and six at once of a
 * 5,000-line bill held /health for seconds. A receipt is capped (RECEIPT_LINES_LISTED), so one
 * takes tens of milliseconds: at most `waiting` wait, about a second of work; `retryAfterSeconds`
 * leaves room to spare. The heap cap is far above a capped receipt's need.
 */
export const RECEIPT_PDFS = { waiting: 10, retryAfterSeconds: 5, heapMb: 256 } as const;

export type ReceiptPdfs = ReturnType<typeof createReceiptPdfs>;

export function createReceiptPdfs({ waiting = RECEIPT_PDFS.waiting as number } = {}) {
  const busy = () => new AppError(503, receiptMessages.busy, 'RECEIPTS_BUSY', RECEIPT_PDFS.retryAfterSeconds);
  // receipts.worker.cjs beside the running code: in src/ a plain entry that loads the TypeScript
  // (as table-sheets.worker.cjs does), in dist/ the bundled worker.
  const url = new URL('./receipts.worker.cjs', import.meta.url);
  const worker = createBoundedWorker<Receipt, Uint8Array>({
    url,
    name: 'the receipts',
    waiting,
    refuse: busy,
    heapMb: RECEIPT_PDFS.heapMb,
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
