import { billMessages } from '@tableserve/contract/bills';
import { AppError } from '../../lib/app-error';
import { createBoundedLine, routeInLine } from '../../lib/bounded-line';

/**
 * The diners' calls that read a whole bill take turns in bounded lines (docs/decisions/024-bounded-work.md):
 * each reads and answers up to MAX_BILL_LINES lines, so at most `running` are read and
 * serialised at once and /health never waits behind more than that; at most `waiting` more wait
 * (a few hundred milliseconds of them), past that 503 with Retry-After. A place is held until
 * the answer is sent.
 *
 * - Reads (GET /table-bill, GET /bills/:id, GET /bills/:id/payments/:id): 2 at once. A change at
 *   a table sends its diners' pages to read the bill together, so many may wait (each read is a
 *   few milliseconds, a waiting one costs only its socket).
 * - Payments (POST /bills/:id/payments): each reads the bill three times (who may pay, and under
 *   its lock before and after reserving) and answers it; one at a time, its card charge included,
 *   in a line of their own so that a slow provider never holds the reads up. That bounds an
 *   instance to a few payments a second with Stripe's latency (ADR 024): the place should be
 *   held for the reads alone, not the provider's answer.
 */
export const BILL_READS = { running: 2, waiting: 128, retryAfterSeconds: 2 } as const;
export const BILL_PAYMENTS = { running: 1, waiting: 64, retryAfterSeconds: 2 } as const;

const lineOf = (
  { running, waiting, retryAfterSeconds }: { running: number; waiting: number; retryAfterSeconds: number },
  message: string,
  code: string,
) =>
  routeInLine(
    createBoundedLine({
      running,
      waiting,
      refuse: () => new AppError(503, message, code, retryAfterSeconds),
    }),
  );

export const billReadsLine = () => lineOf(BILL_READS, billMessages.busy, 'BILLS_BUSY');
export const billPaymentsLine = () => lineOf(BILL_PAYMENTS, billMessages.paymentsBusy, 'PAYMENTS_BUSY');
