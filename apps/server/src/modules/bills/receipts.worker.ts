import { serveJobs } from '../../lib/worker-jobs';
import { receiptPdf } from './receipt-pdf';
import type { Receipt } from './receipt-rows';

/** The receipts' worker thread (receipt-pdfs.ts): draws each receipt's PDF off the event loop. */
serveJobs<Receipt, Uint8Array>('receipts.worker.ts', async (receipt) => {
  const pdf = await receiptPdf(receipt);
  // Moved, not copied: the main thread gets the very bytes.
  return { result: pdf, transfer: [pdf.buffer as ArrayBuffer] };
});
