import { serveJobs } from '../../lib/worker-jobs';
import { tableCardsPdf } from './table-cards-pdf';
import { tableCodesOf } from './table-codes';
import type { SheetJob, SheetResult } from './table-sheets';

/**
 * The sheets' worker thread (table-sheets.ts): encodes a restaurant's table codes and, for a
 * PDF, paints the sheet, one job at a time, so the server's event loop never does either.
 */
serveJobs<SheetJob, SheetResult>('table-sheets.worker.ts', async (job) => {
  const codes = tableCodesOf(job.source);
  if (!job.paper) return { result: { codes } };
  const pdf = await tableCardsPdf(codes, job.paper);
  // Moved, not copied: the main thread gets the very bytes (pdf-lib writes into an ArrayBuffer).
  return { result: { pdf }, transfer: [pdf.buffer as ArrayBuffer] };
});
