import { PAYMENT_TIMINGS, type PaymentTiming } from '@tableserve/contract/bill';
import { paths } from '@/config/paths';
import { sessionKeys, sessionStore } from '@/lib/storage';
import { readMenuToken } from './current-restaurant';
import { readTableFromCode, readTableKeyFromCode } from './table-from-code';

/**
 * When the restaurant whose menu the diner opened is paid (ADR 020), kept for the visit so the
 * order status page and checkout know it too. Read from the menu's answer defensively: a server
 * without payment timings answers no `pricing`, which means today's pay at the counter.
 */
export function paymentTimingOf(menuAnswer: unknown): PaymentTiming | null {
  const timing = (menuAnswer as { pricing?: { payment_timing?: unknown } } | null)?.pricing?.payment_timing;
  return PAYMENT_TIMINGS.find((known) => known === timing) ?? null;
}

export function savePaymentTiming(restaurantId: number, timing: PaymentTiming | null): void {
  if (timing === null) sessionStore.remove(sessionKeys.paymentTiming);
  else sessionStore.set(sessionKeys.paymentTiming, JSON.stringify({ restaurant_id: restaurantId, timing }));
}

export function readPaymentTiming(restaurantId: number | null): PaymentTiming | null {
  try {
    const stored = JSON.parse(sessionStore.get(sessionKeys.paymentTiming) ?? 'null') as {
      restaurant_id?: unknown;
      timing?: unknown;
    } | null;
    return stored?.restaurant_id === restaurantId
      ? paymentTimingOf({ pricing: { payment_timing: stored.timing } })
      : null;
  } catch {
    return null;
  }
}

/**
 * The table's open bill, opened with the table's code: the menu token, the table and its key
 * (docs/decisions/025-table-keys.md). Without the key (a card printed before keys) the bill page
 * says the code is out of date, or shows a signed-in diner their own bill.
 */
export const tableBillPath = (token: string, table: number, key: string | null): string =>
  `${paths.bill}?${new URLSearchParams({ token, table: String(table), ...(key && { key }) })}`;

/** One bill by its id (a diner's own order, paid when ordering). */
export const billPath = (billId: number): string => `${paths.bill}/${billId}`;

/**
 * "View bill & pay" for this visit: only at a restaurant paid at the end of the meal, for a diner
 * who scanned a table's code (the code is what opens the table's bill).
 */
export function visitBillPath(restaurantId: number | null): string | null {
  const token = readMenuToken();
  const table = readTableFromCode(restaurantId);
  return readPaymentTiming(restaurantId) === 'end_of_meal' && token && table !== null
    ? tableBillPath(token, table, readTableKeyFromCode(restaurantId))
    : null;
}
