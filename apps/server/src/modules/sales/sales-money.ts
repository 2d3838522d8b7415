import { allocate, taxesByRate } from '@tableserve/contract/bill';
import type {
  SalesMoneyOrder,
  SalesPaymentEntry,
  SalesPaymentsResponse,
} from '@tableserve/contract/sales-money';
import type { DbOrTx } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { centsToDollars, storedTaxOf, taxesInDollars } from '../../lib/money';
import { groupBy } from '../../lib/objects';
import { paymentMoneyReads } from '../bills/refund-reads';
import { orderReads } from '../orders/order-reads';
import { orderRefunds } from '../orders/order-refunds';

type OrderRow = Awaited<ReturnType<typeof orderReads.listInSpan>>[number];
type Figures = { gross: number; addedTax: number; service: number; tips: number; refunds: number };

/**
 * A paid order: Completed (the counter's Mark as Paid), or paid online whatever its status, on a
 * bill that is paid (docs/product/payments.md#ledger). A cancelled one sold nothing, whatever was
 * paid and given back for it; one on a bill still open is not paid yet.
 */
const isPaid = (order: OrderRow) =>
  order.status !== 'Cancelled' &&
  (order.status === 'Completed' || (order.paymentState !== 'unpaid' && order.paymentState !== 'partly_paid'));

/**
 * Each bill's confirmed tips divided over its orders by their totals (largest remainder, the
 * contract's one rule), so the orders' tips add up to the bills' to the cent.
 */
async function tipsByOrder(db: DbOrTx, billIds: number[]): Promise<Map<number, number>> {
  const [tips, orders] = await readsTogether(db, [
    () => paymentMoneyReads.tipsOfBills(db, billIds),
    () => orderRefunds.ofBills(db, billIds),
  ]);
  const byOrder = new Map<number, number>();
  const live = orders.filter((order) => order.status !== 'Cancelled' && !order.deleted);
  for (const [billId, ofBill] of groupBy(live, (order) => order.billId!)) {
    const shares = allocate(
      tips.get(billId) ?? 0,
      ofBill.map((order) => order.totalCents),
    );
    for (const [index, order] of ofBill.entries()) byOrder.set(order.id, shares[index] ?? 0);
  }
  return byOrder;
}

const net = (f: Figures) => f.gross + f.addedTax + f.service + f.tips - f.refunds;
const dollarsOf = (f: Figures) => ({
  gross: centsToDollars(f.gross),
  added_tax: centsToDollars(f.addedTax),
  service: centsToDollars(f.service),
  tips: centsToDollars(f.tips),
  refunds: centsToDollars(f.refunds),
  net: centsToDollars(net(f)),
});

/**
 * The money of a business day's paid orders and its payments' record
 * (docs/decisions/020-money-model.md#refunds), in cents until the answer. Gross is what the
 * order's total holds beyond its added tax and service (its subtotal, and for orders placed before
 * taxes existed, their total), so a day without taxes or payments reads as its revenue.
 */
export async function dayMoney(
  db: DbOrTx,
  restaurant: { id: number; timezone: string },
  date: string,
  span: { start: Date; end: Date },
): Promise<SalesPaymentsResponse> {
  const rows = (await orderReads.listInSpan(db, restaurant.id, span.start, span.end)).filter(isPaid);
  const billIds = [...new Set(rows.flatMap((row) => (row.billId === null ? [] : [row.billId])))];
  const [lines, tips, payments, refunds, givenBackForChanges] = await readsTogether(db, [
    () =>
      orderReads.linesOf(
        db,
        rows.map((row) => row.id),
      ),
    () => tipsByOrder(db, billIds),
    () => paymentMoneyReads.paymentsInSpan(db, restaurant.id, span.start, span.end),
    () => paymentMoneyReads.refundsInSpan(db, restaurant.id, span.start, span.end),
    () =>
      paymentMoneyReads.givenBackForChanges(
        db,
        rows.map((row) => row.id),
      ),
  ]);

  const total: Figures = { gross: 0, addedTax: 0, service: 0, tips: 0, refunds: 0 };
  const orders: SalesMoneyOrder[] = rows.map((row) => {
    const addedTax = row.taxIncluded ? 0 : row.taxCents;
    const figures: Figures = {
      gross: row.totalCents - addedTax - row.serviceCents,
      addedTax,
      service: row.serviceCents,
      tips: tips.get(row.id) ?? 0,
      // What went back for an edit down paid for nothing the order still sells: not a refund of it.
      refunds: row.refundedCents - (givenBackForChanges.get(row.id) ?? 0),
    };
    for (const key of Object.keys(total) as (keyof Figures)[]) total[key] += figures[key];
    return { order_id: row.id, tax: centsToDollars(row.taxCents), ...dollarsOf(figures) };
  });

  const soleOrderOf = new Map(
    [
      ...groupBy(
        await orderRefunds.ofBills(db, [...new Set(payments.map((p) => p.billId))]),
        (o) => o.billId!,
      ),
    ]
      .filter(([, ofBill]) => ofBill.length === 1)
      .map(([billId, [only]]) => [billId, only!.id]),
  );
  const entries: SalesPaymentEntry[] = [
    ...payments.map((payment) => ({
      kind: 'payment' as const,
      created_at: payment.createdAt.toISOString(),
      order_id: soleOrderOf.get(payment.billId) ?? null,
      bill_id: payment.billId,
      amount: centsToDollars(payment.amountCents),
      tip: centsToDollars(payment.tipCents),
      card_last4: payment.cardLast4,
      status: payment.status,
      reason: null,
    })),
    ...refunds.map(({ refund, billId, cardLast4 }) => ({
      kind: 'refund' as const,
      created_at: refund.createdAt.toISOString(),
      order_id: refund.orderId,
      bill_id: billId,
      amount: -centsToDollars(refund.amountCents),
      tip: 0,
      card_last4: cardLast4,
      status: refund.status,
      reason: refund.reason,
    })),
  ].sort((a, b) => a.created_at.localeCompare(b.created_at));

  return {
    date,
    timezone: restaurant.timezone,
    tax_included: rows.some((row) => row.taxIncluded),
    summary: {
      ...dollarsOf(total),
      taxes: taxesInDollars(
        taxesByRate(lines.map((line) => ({ tax: storedTaxOf(line), taxCents: line.taxCents }))),
      ),
    },
    orders,
    entries,
  };
}
