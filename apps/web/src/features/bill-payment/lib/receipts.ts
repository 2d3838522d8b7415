import { sessionKeys, sessionStore } from '@/lib/storage';

/**
 * This visit's payments of each bill with their receipt tokens (ADR 020): the server shows a token
 * once, so the page keeps it for the tab's life, to follow the payment and download its receipt
 * after a reload. `clientSecret`: the bank's challenge (3-D Secure) this payment waits for, until
 * the diner answers or cancels it, so a reload opens it again.
 */
export type StoredPayment = {
  billId: number;
  paymentId: number;
  receiptToken: string | null;
  clientSecret?: string | null;
  /**
   * The table's code it was paid by (its menu token and table), and when: once the bill is paid
   * the table's code opens no bill, so a reopened page finds it here (receipts are this tab's).
   */
  table?: { token: string; table: number };
  savedAt?: number;
};

/** How long after paying a table's code still leads this tab to the bill it paid: a meal's length. */
const PAID_BILL_REMEMBERED_MS = 6 * 60 * 60 * 1000;

function readAll(): StoredPayment[] {
  try {
    const parsed: unknown = JSON.parse(sessionStore.get(sessionKeys.billReceipts) ?? '[]');
    return Array.isArray(parsed) ? (parsed as StoredPayment[]) : [];
  } catch {
    return [];
  }
}

export function savePayment(payment: StoredPayment): void {
  const others = readAll().filter(
    (stored) => !(stored.billId === payment.billId && stored.paymentId === payment.paymentId),
  );
  sessionStore.set(sessionKeys.billReceipts, JSON.stringify([...others, payment]));
}

/** The latest payment this tab made on the bill. */
export const lastPaymentOf = (billId: number): StoredPayment | null =>
  readAll()
    .filter((stored) => stored.billId === billId)
    .at(-1) ?? null;

/** Every payment this tab made on the bill, oldest first. */
export const paymentsOf = (billId: number): StoredPayment[] =>
  readAll().filter((stored) => stored.billId === billId);

/**
 * The bill this tab last paid by the table's code, within a meal's length: the page shows it once
 * the table's code opens no bill any more (paid in full), instead of saying there is nothing to pay.
 */
export function lastBillPaidAt(token: string, table: number, now = Date.now()): number | null {
  const found = readAll()
    .filter(
      (stored) =>
        stored.table?.token === token &&
        stored.table.table === table &&
        stored.savedAt !== undefined &&
        now - stored.savedAt < PAID_BILL_REMEMBERED_MS,
    )
    .at(-1);
  return found?.billId ?? null;
}
