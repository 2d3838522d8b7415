import { billMessages } from '@tableserve/contract/bills';
import { AppError } from '../../lib/app-error';
import { createBoundedLine, routeInLine } from '../../lib/bounded-line';

/**
 * The diners' reads of a bill (GET /table-bill, GET /bills/:id) take turns in one bounded line
 * (docs/decisions/024-bounded-work.md): each reads and answers up to MAX_BILL_LINES lines, so at
 * most RUNNING are read and serialised at once and /health never waits behind more than that; at
 * most WAITING more wait (a few hundred milliseconds of reads), past that 503 BILLS_BUSY with
 * Retry-After. The place is held until the answer is sent.
 */
export const BILL_READS = { running: 2, waiting: 32, retryAfterSeconds: 2 } as const;

export function billReadsLine() {
  return routeInLine(
    createBoundedLine({
      running: BILL_READS.running,
      waiting: BILL_READS.waiting,
      refuse: () => new AppError(503, billMessages.busy, 'BILLS_BUSY', BILL_READS.retryAfterSeconds),
    }),
  );
}
