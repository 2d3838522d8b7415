import type { BillFigures } from '@tableserve/contract/bill';
import { formatRate } from '@tableserve/contract/bill';
import { receiptMessages as text } from '@tableserve/contract/receipts';
import { formatCents } from '../../lib/money';

/**
 * A receipt as both forms print it, the email and the PDF: what it holds and its rows. Nothing
 * here reads the database, so the receipts' worker thread (receipts.worker.ts) loads only this.
 */

export type ReceiptLine = { label: string; options: string; amountCents: number };
/** One figure under the lines: a label, its amount as printed, and an optional note ("Included"). */
export type ReceiptRow = { label: string; amount: string; note?: string; strong?: boolean };

/**
 * A card payment's receipt, built once for the email and the PDF (docs/decisions/020-money-model.md#payments).
 * Every figure comes from the stored rows through the contract's arithmetic, as the bill page
 * shows them: lines, taxes and service as the orders priced them; the payer's shares as claimed.
 */
export type Receipt = {
  paymentId: number;
  billId: number;
  restaurantId: number;
  restaurant: {
    name: string;
    address: string;
    city: string;
    state: string;
    zip: string;
    phone: string;
    taxRegistrationNumber: string | null;
  };
  tableNumber: number | null;
  /** The orders whose lines the payment paid, oldest first (at most ORDERS_LISTED), and how many more. */
  orderIds: number[];
  moreOrders: number;
  /** The moment the provider confirmed the payment, in the restaurant's time zone. */
  paidDate: string;
  paidTime: string;
  /** The shares paid (a split by items), or the bill's lines (paid in full, evenly or by amount). */
  lines: ReceiptLine[];
  figures: BillFigures;
  /** Set when the payer paid part of the whole bill rather than chosen items: what they paid of it. */
  shareCents: number | null;
  tipCents: number;
  chargedCents: number;
  paymentMethod: string;
  refunds: { date: string; reason: string; amountCents: number }[];
  receiptEmail: string | null;
  receiptTokenHash: string;
};

/** "(503) 555-0100" from the ten digits the restaurant gave. */
const formatPhone = (digits: string) =>
  digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;

/** The restaurant's heading lines: name, street, city, phone, its tax registration. */
export function receiptHeader(receipt: Receipt): string[] {
  const { name, address, city, state, zip, phone, taxRegistrationNumber } = receipt.restaurant;
  return [
    name,
    address,
    `${city}, ${state} ${zip}`.trim(),
    formatPhone(phone),
    taxRegistrationNumber ? text.taxRegistration(taxRegistrationNumber) : '',
  ].filter(Boolean);
}

/** Where and when: the table (if any), the orders paid, and the moment of payment. */
export function receiptWhen(receipt: Receipt): string[] {
  return [
    ...(receipt.tableNumber !== null ? [text.table(receipt.tableNumber)] : []),
    ...(receipt.orderIds.length > 0 ? [text.orders(receipt.orderIds, receipt.moreOrders)] : []),
    text.paidAt(receipt.paidDate, receipt.paidTime),
  ];
}

/** The figures under the lines, in the order both forms print them. */
export function receiptRows(receipt: Receipt): ReceiptRow[] {
  const { figures } = receipt;
  const rows: ReceiptRow[] = [{ label: text.subtotal, amount: formatCents(figures.subtotalCents) }];
  for (const tax of figures.taxes)
    rows.push({
      label: `${tax.name} ${formatRate(tax.rate)}`,
      amount: formatCents(tax.taxCents),
      ...(figures.taxIncluded && { note: text.included }),
    });
  if (figures.serviceCents > 0) rows.push({ label: text.service, amount: formatCents(figures.serviceCents) });
  if (receipt.shareCents !== null)
    rows.push(
      { label: text.billTotal, amount: formatCents(figures.totalCents) },
      { label: text.yourShare, amount: formatCents(receipt.shareCents) },
    );
  rows.push(
    { label: text.tip, amount: formatCents(receipt.tipCents) },
    { label: text.totalCharged, amount: formatCents(receipt.chargedCents), strong: true },
  );
  return rows;
}

/** The payment's own lines: how it was paid and its number, then any refunds. */
export function receiptFooter(receipt: Receipt): ReceiptRow[] {
  return [
    { label: text.paidWith, amount: receipt.paymentMethod },
    { label: text.payment(receipt.paymentId), amount: '' },
    ...receipt.refunds.map((refund) => ({
      label: text.refund(refund.date, refund.reason),
      amount: `-${formatCents(refund.amountCents)}`,
    })),
  ];
}
