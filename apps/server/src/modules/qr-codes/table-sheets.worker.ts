import { parentPort } from 'node:worker_threads';
import { tableCardsPdf } from './table-cards-pdf';
import { tableCodesOf } from './table-codes';
import type { SheetJob, SheetResult } from './table-sheets';

/**
 * The sheets' worker thread (table-sheets.ts): encodes a restaurant's table codes and, for a
 * PDF, paints the sheet, one job at a time, so the server's event loop never does either.
 */
const port = parentPort;
if (!port) throw new Error('table-sheets.worker.ts runs as a worker thread');

port.on('message', async (job: SheetJob) => {
  const codes = tableCodesOf(job.source);
  if (!job.paper) return port.postMessage({ codes } satisfies SheetResult);
  const pdf = await tableCardsPdf(codes, job.paper);
  // Moved, not copied: the main thread gets the very bytes (pdf-lib writes into an ArrayBuffer).
  port.postMessage({ pdf } satisfies SheetResult, [pdf.buffer as ArrayBuffer]);
});
