import type { StaffOrder } from '@tableserve/contract/owner-orders';
import { ApiRequestError } from '@/lib/api-client';

/**
 * What a confirmation knows of a change's money (docs/product/payments.md#order-changes): still
 * asking the server; its sentence ("This refunds $28.69 to the card ending 4242.", or null when no
 * money moves); its refusal (403: a role that may not refund; 409: a payment being confirmed),
 * in its words; or that the question failed.
 */
export type MoneyCheck =
  | { state: 'checking' }
  | { state: 'told'; message: string | null }
  | { state: 'refused'; text: string }
  | { state: 'failed' };

/**
 * Whether a change to the order can move money at all: only an order with a bill, which one paid
 * at the counter never has (docs/product/payments.md#payment-timing). Its confirmation asks nothing.
 */
export const mayMoveMoney = (order: Pick<StaffOrder, 'payment_timing'>): boolean =>
  order.payment_timing !== undefined && order.payment_timing !== 'counter';

/** The server's refusal of the change, in its words, or undefined for any other failure. */
export function refusalOf(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  return error.status === 403 || error.status === 409 ? error.serverMessage : undefined;
}

/** A preview question's state as its confirmation shows it. */
export function moneyCheckOf(preview: {
  status: 'idle' | 'pending' | 'error' | 'success';
  data?: { message: string | null } | undefined;
  error: unknown;
}): MoneyCheck {
  if (preview.status === 'success' && preview.data) return { state: 'told', message: preview.data.message };
  if (preview.status === 'error') {
    const text = refusalOf(preview.error);
    return text === undefined ? { state: 'failed' } : { state: 'refused', text };
  }
  return { state: 'checking' };
}
