import { type PricingRules, priceBill, shareOfLine, type TaxRate } from '@tableserve/contract/bill';
import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';
import type { DbOrTx } from '../db/client';
import { billPayments, bills, orderItems, orders, paymentClaims, refunds } from '../db/schema';
import { hashToken, randomToken } from '../lib/random-tokens';

/**
 * Paid bills written straight into the tables, priced by the contract's arithmetic as placing
 * and paying would price them, so the receipts can be tested before the payment flow exists.
 */

export type BillLineSpec = {
  name: string;
  unitPriceCents: number;
  quantity: number;
  tax: TaxRate | null;
  options?: { group: string; name: string; priceDeltaCents: number }[];
};
/** all: the whole bill; even: `amountCents` of it; items: shares of lines (by index in `lines`). */
export type PaymentSpec = {
  split: 'all' | 'even' | 'items';
  amountCents?: number;
  items?: { line: number; shareCount: number; shareIndexes: number[] }[];
  tipCents: number;
  email?: string;
  cardBrand?: string;
  cardLast4?: string;
  confirmedAt: Date;
};

export type PaidBill = {
  billId: number;
  orderId: number;
  lineIds: number[];
  payments: { paymentId: number; receiptToken: string; amountCents: number }[];
};

export async function insertPaidBill(
  db: DbOrTx,
  spec: {
    restaurantId: number;
    tableNumber: number | null;
    rules: PricingRules;
    partySize?: number;
    lines: BillLineSpec[];
    payments: PaymentSpec[];
  },
): Promise<PaidBill> {
  const { restaurantId, rules } = spec;
  const figures = priceBill(
    spec.lines.map((line) => ({ amountCents: line.unitPriceCents * line.quantity, tax: line.tax })),
    rules,
    spec.partySize ?? null,
  );
  const [bill] = await db
    .insert(bills)
    .values({
      restaurantId,
      tableNumber: spec.tableNumber,
      status: 'paid',
      paidAt: spec.payments[0]?.confirmedAt,
    })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({
      restaurantId,
      customerName: 'Dana',
      phoneNumber: '5125550100',
      orderType: 'dine-in',
      tableNumber: spec.tableNumber,
      status: 'Completed',
      totalCents: figures.totalCents,
      subtotalCents: figures.subtotalCents,
      taxCents: figures.taxCents,
      taxIncluded: rules.pricesIncludeTax,
      serviceCents: figures.serviceCents,
      partySize: spec.partySize ?? null,
      paymentTiming: 'end_of_meal',
      paymentState: 'paid',
      billId: bill!.id,
    })
    .returning();
  const lines = await db
    .insert(orderItems)
    .values(
      spec.lines.map((line, index) => ({
        orderId: order!.id,
        productName: line.name,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        options: (line.options ?? []).map((option, id) => ({ id: id + 1, ...option })),
        taxName: line.tax?.name ?? null,
        taxRate: line.tax?.rate ?? 0,
        taxCents: figures.lines[index]!.taxCents,
        serviceCents: figures.lines[index]!.serviceCents,
      })),
    )
    .returning();

  const payments: PaidBill['payments'] = [];
  for (const payment of spec.payments) {
    const claims = (payment.items ?? []).flatMap(({ line, shareCount, shareIndexes }) =>
      shareIndexes.map((shareIndex) => ({
        orderItemId: lines[line]!.id,
        shareIndex,
        shareCount,
        amountCents: shareOfLine(figures.lines[line]!.payableCents, shareCount, shareIndex),
      })),
    );
    const amountCents =
      payment.split === 'items'
        ? claims.reduce((sum, claim) => sum + claim.amountCents, 0)
        : (payment.amountCents ?? figures.totalCents);
    const receiptToken = randomToken();
    const [row] = await db
      .insert(billPayments)
      .values({
        billId: bill!.id,
        restaurantId,
        status: 'succeeded',
        splitKind: payment.split,
        amountCents,
        tipCents: payment.tipCents,
        provider: 'test',
        providerPaymentId: `pi_test_${randomToken(9)}`,
        cardBrand: payment.cardBrand ?? 'visa',
        cardLast4: payment.cardLast4 ?? '4242',
        receiptEmail: payment.email ?? null,
        receiptTokenHash: hashToken(receiptToken),
        confirmedAt: payment.confirmedAt,
      })
      .returning();
    if (claims.length > 0)
      await db.insert(paymentClaims).values(claims.map((claim) => ({ ...claim, paymentId: row!.id })));
    payments.push({ paymentId: row!.id, receiptToken, amountCents });
  }
  return { billId: bill!.id, orderId: order!.id, lineIds: lines.map((line) => line.id), payments };
}

/** A confirmed refund of part of a payment. */
export async function insertRefund(
  db: DbOrTx,
  refund: {
    restaurantId: number;
    orderId: number;
    paymentId: number;
    amountCents: number;
    reason: string;
    at: Date;
  },
) {
  await db.insert(refunds).values({
    restaurantId: refund.restaurantId,
    orderId: refund.orderId,
    paymentId: refund.paymentId,
    amountCents: refund.amountCents,
    reason: refund.reason,
    status: 'succeeded',
    provider: 'test',
    providerRefundId: `re_test_${randomToken(9)}`,
    confirmedAt: refund.at,
    createdAt: refund.at,
  });
}

/** WinAnsi's bytes above Latin-1's that receipts use, as the standard fonts encode them. */
const WIN_ANSI: Record<number, string> = { 149: '•', 150: '–', 151: '—', 128: '€', 133: '…' };

/**
 * The text a PDF made with pdf-lib's standard fonts shows: each content stream decoded, each
 * `<hex> Tj` read as WinAnsi, one string per drawn run, in the order they were drawn.
 */
export async function pdfText(pdf: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(pdf);
  const runs: string[] = [];
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const content = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
    for (const run of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
      runs.push(
        [...Buffer.from(run[1]!, 'hex')].map((byte) => WIN_ANSI[byte] ?? String.fromCharCode(byte)).join(''),
      );
  }
  return runs;
}
