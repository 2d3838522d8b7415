import {
  type BillFigures,
  type PricedBillLine,
  shareOfLine,
  sumLines,
  type TaxRate,
} from '@tableserve/contract/bill';
import { describeOptions } from '@tableserve/contract/option-choices';
import { receiptMessages as text } from '@tableserve/contract/receipts';
import type { DbOrTx } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { type OrderItemRow, type OrderRow, orderReads } from '../orders/order-reads';
import { restaurantReads } from '../restaurants/restaurant-reads';
import type { Receipt, ReceiptLine } from './receipt-rows';
import { type BillPaymentRow, type PaymentClaimRow, receiptsRepository as repo } from './receipts.repository';

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

/**
 * The most lines a receipt lists of a bill paid in full, evenly or by amount
 * (docs/decisions/024-bounded-work.md): past it, the first lines and one line that sums the
 * rest. The figures under them are always the whole bill's. A payment by items lists every share
 * it paid (at most 200 lines: the contract's limit on one payment's items).
 */
export const RECEIPT_LINES_LISTED = 40;
/** The most order numbers a receipt names; past it, "and N more". */
export const ORDERS_LISTED = 6;

type ChosenLine = { label: string; options: string; priced: PricedBillLine };

/** The lines as listed: all of them, or the first ones and "…and N more items" with their sum. */
function listed(chosen: ChosenLine[], most: number): ReceiptLine[] {
  const lines = chosen.map(({ label, options, priced }) => ({
    label,
    options,
    amountCents: priced.amountCents,
  }));
  if (lines.length <= most) return lines;
  const rest = lines.slice(most - 1);
  return [
    ...lines.slice(0, most - 1),
    {
      label: text.moreLines(rest.length),
      options: '',
      amountCents: rest.reduce((sum, line) => sum + line.amountCents, 0),
    },
  ];
}

/** The lines a payment paid, and their figures. */
function paidLines(
  orders: OrderRow[],
  lines: OrderItemRow[],
  payment: BillPaymentRow,
  claims: PaymentClaimRow[],
): { lines: ReceiptLine[]; figures: BillFigures; orderIds: number[] } {
  const taxIncludedOf = new Map(orders.map((order) => [order.id, order.taxIncluded]));
  const taxIncluded = orders[0]?.taxIncluded ?? false;
  const paidOrders = new Set<number>();
  const chosen = lines.flatMap((line): ChosenLine[] => {
    const lineTaxIncluded = taxIncludedOf.get(line.orderId) ?? taxIncluded;
    const priced = pricedLine(line, lineTaxIncluded);
    const options = describeOptions(line.options);
    if (payment.splitKind !== 'items') {
      paidOrders.add(line.orderId);
      return [{ label: lineLabel(line), options, priced }];
    }
    const mine = claims.filter((claim) => claim.orderItemId === line.id);
    const [first] = mine;
    if (!first) return [];
    paidOrders.add(line.orderId);
    // A whole line (1 of 1) reads as the line itself.
    const label =
      first.shareCount === 1 ? lineLabel(line) : text.share(lineLabel(line), mine.length, first.shareCount);
    return [{ label, options, priced: claimedPart(priced, mine, lineTaxIncluded) }];
  });
  return {
    // The payer's own shares in full; the whole bill's lines up to the limit.
    lines: listed(chosen, payment.splitKind === 'items' ? chosen.length : RECEIPT_LINES_LISTED),
    figures: sumLines(
      chosen.map(({ priced }) => priced),
      taxIncluded,
    ),
    orderIds: [...paidOrders].sort((a, b) => a - b),
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

/** A confirmed payment and its bill: one row, what deciding who may see its receipt reads. */
export type ReceiptPayment = {
  payment: BillPaymentRow;
  bill: { id: number; restaurantId: number; tableNumber: number | null };
};

/** The payment, or undefined when the bill has no such payment or it is not confirmed. */
export async function findReceiptPayment(
  db: DbOrTx,
  billId: number,
  paymentId: number,
): Promise<ReceiptPayment | undefined> {
  const found = await repo.paymentOfBill(db, billId, paymentId);
  return found?.payment.status === 'succeeded' ? found : undefined;
}

/** The payment's receipt, or undefined when the bill has no such payment or it is not confirmed. */
export async function buildReceipt(
  db: DbOrTx,
  billId: number,
  paymentId: number,
): Promise<Receipt | undefined> {
  const found = await findReceiptPayment(db, billId, paymentId);
  return found && receiptOf(db, found);
}

/**
 * The receipt of a confirmed payment: its reads grow with the bill (its lines, the payment's
 * claims), so the PDF's are made in the receipts' line (receipt-pdfs.ts).
 */
export async function receiptOf(db: DbOrTx, found: ReceiptPayment): Promise<Receipt | undefined> {
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
  const { lines: receiptLines, figures, orderIds } = paidLines(orders, lines, payment, claims);
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
      taxRegistrationNumber: restaurant.taxRegistrationNumber,
    },
    tableNumber: bill.tableNumber,
    orderIds: orderIds.slice(0, ORDERS_LISTED),
    moreOrders: Math.max(0, orderIds.length - ORDERS_LISTED),
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
