import { z } from 'zod';
import { token } from './fields';

/**
 * A card payment's receipt (docs/decisions/020-money-model.md#payments), emailed and downloaded
 * as a PDF: the same words in both, and on the status page's download button.
 */
export const receiptMessages = {
  subject: (restaurant: string) => `Your receipt from ${restaurant}`,
  heading: 'Receipt',
  thanks: 'Thank you for your visit!',
  table: (table: number) => `Table ${table}`,
  taxRegistration: (number: string) => `Tax registration no. ${number}`,
  /** The orders the payment paid: "Order #12", "Orders #12, #13 and 4 more". */
  orders: (ids: number[], more: number) =>
    `${ids.length + more === 1 ? 'Order' : 'Orders'} ${ids.map((id) => `#${id}`).join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
  /** When the provider confirmed the payment, in the restaurant's time zone. */
  paidAt: (date: string, time: string) => `Paid ${date} at ${time}`,
  /** A share of a line paid by items: "Margherita (1 of 2)". */
  share: (name: string, shares: number, count: number) => `${name} (${shares} of ${count})`,
  quantity: (quantity: number, name: string) => (quantity > 1 ? `${quantity} × ${name}` : name),
  /** The one line that sums a long bill's other lines (docs/decisions/024-bounded-work.md). */
  moreLines: (count: number) => `…and ${count} more ${count === 1 ? 'item' : 'items'} on the bill`,
  /** The receipts' line is full (503, with Retry-After). */
  busy: 'Many receipts are being made right now. Please try again in a few seconds.',
  subtotal: 'Subtotal',
  /** A tax contained in the prices: shown, not added. */
  included: 'Included',
  service: 'Service',
  billTotal: 'Bill total',
  /** What this diner paid of a bill split evenly, by amount or paid in full. */
  yourShare: 'Your share',
  tip: 'Tip',
  totalCharged: 'Total charged',
  paidWith: 'Paid with',
  card: (brand: string, last4: string) => `${brand} •••• ${last4}`,
  unknownCard: 'Card',
  payment: (paymentId: number) => `Payment no. ${paymentId}`,
  refund: (date: string, reason: string) => `Refunded ${date}: ${reason}`,
  notFound: 'Receipt not found',
} as const;

/** The payer proves the receipt is theirs with the token their payment answered once. */
export const ReceiptQuery = z.strictObject({ receipt_token: token(64).optional() });
