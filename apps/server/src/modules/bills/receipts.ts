import {
  type BillFigures,
  formatRate,
  type PricedBillLine,
  shareOfLine,
  sumLines,
  type TaxRate,
} from '@tableserve/contract/bill';
import { describeOptions } from '@tableserve/contract/option-choices';
import { receiptMessages as text } from '@tableserve/contract/receipts';
import type { DbOrTx } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { formatCents } from '../../lib/money';
import { type OrderItemRow, type OrderRow, orderReads } from '../orders/order-reads';
import { restaurantReads } from '../restaurants/restaurant-reads';
import { type BillPaymentRow, type PaymentClaimRow, receiptsRepository as repo } from './receipts.repository';

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
  restaurant: { name: string; address: string; city: string; state: string; zip: string; phone: string };
  tableNumber: number | null;
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

/** A stored order line as the contract's arithmetic sees it (its order says whether tax is added). */
function pricedLine(line: OrderItemRow, taxIncluded: boolean): PricedBillLine {
  const amountCents = line.unitPriceCents * line.quantity;
  const tax: TaxRate | null = line.taxName !== null ? { name: line.taxName, rate: line.taxRate } : null;
  return {
    amountCents,
    tax,
    taxCents: line.taxCents,
    serviceCents: line.serviceCents,
    payableCents: amountCents + (taxIncluded ? 0 : line.taxCents) + line.serviceCents,
  };
}

/**
 * The part of a line that a payer's claimed shares pay. The claim stores what the share costs;
 * its tax and service are the same shares of the line's tax and service (largest remainder, as
 * the claim was cut), and the amount is what is left, so the share adds up to what was charged.
 */
function claimedPart(line: PricedBillLine, claims: PaymentClaimRow[], taxIncluded: boolean): PricedBillLine {
  let taxCents = 0;
  let serviceCents = 0;
  let payableCents = 0;
  for (const claim of claims) {
    taxCents += shareOfLine(line.taxCents, claim.shareCount, claim.shareIndex);
    serviceCents += shareOfLine(line.serviceCents, claim.shareCount, claim.shareIndex);
    payableCents += claim.amountCents;
  }
  const amountCents = payableCents - (taxIncluded ? 0 : taxCents) - serviceCents;
  return { amountCents, tax: line.tax, taxCents, serviceCents, payableCents };
}

const lineLabel = (line: OrderItemRow) => text.quantity(line.quantity, line.productName);

/** The lines a payment paid, and their figures. */
function paidLines(
  orders: OrderRow[],
  lines: OrderItemRow[],
  payment: BillPaymentRow,
  claims: PaymentClaimRow[],
): { lines: ReceiptLine[]; figures: BillFigures } {
  const taxIncludedOf = new Map(orders.map((order) => [order.id, order.taxIncluded]));
  const taxIncluded = orders[0]?.taxIncluded ?? false;
  const chosen = lines.flatMap((line) => {
    const lineTaxIncluded = taxIncludedOf.get(line.orderId) ?? taxIncluded;
    const priced = pricedLine(line, lineTaxIncluded);
    const options = describeOptions(line.options);
    if (payment.splitKind !== 'items') return [{ label: lineLabel(line), options, priced }];
    const mine = claims.filter((claim) => claim.orderItemId === line.id);
    const [first] = mine;
    if (!first) return [];
    // A whole line (1 of 1) reads as the line itself.
    const label =
      first.shareCount === 1 ? lineLabel(line) : text.share(lineLabel(line), mine.length, first.shareCount);
    return [{ label, options, priced: claimedPart(priced, mine, lineTaxIncluded) }];
  });
  return {
    lines: chosen.map(({ label, options, priced }) => ({ label, options, amountCents: priced.amountCents })),
    figures: sumLines(
      chosen.map(({ priced }) => priced),
      taxIncluded,
    ),
  };
}

const CARD_BRANDS: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** "Visa •••• 4242", as the card's brand and last digits were stored. */
export function paymentMethodOf(brand: string | null, last4: string | null): string {
  if (!last4) return text.unknownCard;
  const name = brand ? (CARD_BRANDS[brand.toLowerCase()] ?? brand) : text.unknownCard;
  return text.card(name, last4);
}

/** A date and a time of day in the restaurant's zone ("Mar 2, 2026", "11:42 AM PST"). */
export function localDateTime(instant: Date, timeZone: string): { date: string; time: string } {
  const date = new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium' }).format(instant);
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(instant);
  // ICU puts narrow no-break spaces around AM/PM: plain spaces read the same in every mail reader and font.
  return { date, time: time.replace(/[\u202f\u00a0]/g, ' ') };
}

/** The payment's receipt, or undefined when the bill has no such payment or it is not confirmed. */
export async function buildReceipt(
  db: DbOrTx,
  billId: number,
  paymentId: number,
): Promise<Receipt | undefined> {
  const found = await repo.paymentOfBill(db, billId, paymentId);
  if (found?.payment.status !== 'succeeded') return undefined;
  const { payment, bill } = found;
  const [restaurant, { orders, lines }, claims, refunds] = await readsTogether(db, [
    () => restaurantReads.byId(db, bill.restaurantId),
    () => orderReads.ofBillWithLines(db, bill.id),
    () => repo.claimsOf(db, payment.id),
    () => repo.refundsOf(db, payment.id),
  ]);
  if (!restaurant) return undefined;
  const zone = restaurant.timezone;
  const paid = localDateTime(payment.confirmedAt ?? payment.createdAt, zone);
  const { lines: receiptLines, figures } = paidLines(orders, lines, payment, claims);
  return {
    paymentId: payment.id,
    billId: bill.id,
    restaurantId: restaurant.id,
    restaurant: {
      name: restaurant.name,
      address: restaurant.address,
      city: restaurant.city,
      state: restaurant.state,
      zip: restaurant.zipCode,
      phone: restaurant.phone,
    },
    tableNumber: bill.tableNumber,
    paidDate: paid.date,
    paidTime: paid.time,
    lines: receiptLines,
    figures,
    shareCents: payment.splitKind === 'items' ? null : payment.amountCents,
    tipCents: payment.tipCents,
    chargedCents: payment.amountCents + payment.tipCents,
    paymentMethod: paymentMethodOf(payment.cardBrand, payment.cardLast4),
    refunds: refunds.map((refund) => ({
      date: localDateTime(refund.confirmedAt ?? refund.createdAt, zone).date,
      reason: refund.reason,
      amountCents: refund.amountCents,
    })),
    receiptEmail: payment.receiptEmail,
    receiptTokenHash: payment.receiptTokenHash,
  };
}

/** "(503) 555-0100" from the ten digits the restaurant gave. */
const formatPhone = (digits: string) =>
  digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;

/** The restaurant's heading lines: name, street, city, phone. */
export function receiptHeader(receipt: Receipt): string[] {
  const { name, address, city, state, zip, phone } = receipt.restaurant;
  return [name, address, `${city}, ${state} ${zip}`.trim(), formatPhone(phone)].filter(Boolean);
}

/** Where and when: the table (if any) and the moment of payment. */
export function receiptWhen(receipt: Receipt): string[] {
  return [
    ...(receipt.tableNumber !== null ? [text.table(receipt.tableNumber)] : []),
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
