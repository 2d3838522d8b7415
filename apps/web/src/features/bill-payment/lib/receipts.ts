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
};

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
