import { asc, eq, inArray } from 'drizzle-orm';
import { billPayments, bills, orderItems, orders, paymentClaims, refunds } from '../db/schema';
import type { TestApp } from './test-app';

/**
 * A restaurant's money as the rows hold it (docs/product/payments.md#ledger), read straight from
 * the database for the ledger suites to check what the API did: its bills, their orders and
 * lines, payments, the shares of lines they claim, and refunds. Plain values, sorted by id, so
 * two reads compare with toEqual and a refused request can be shown to have changed nothing.
 */
export type MoneyRows = Awaited<ReturnType<typeof readMoneyRows>>;
export type BillRowOf = MoneyRows['bills'][number];
export type OrderRowOf = MoneyRows['orders'][number];
export type LineRowOf = MoneyRows['lines'][number];
export type PaymentRowOf = MoneyRows['payments'][number];
export type ClaimRowOf = MoneyRows['claims'][number];
export type RefundRowOf = MoneyRows['refunds'][number];

/** A refund's tip (docs/product/payments.md#order-changes: tips go back when nothing is due), 0 where the column does not exist yet. */
const tipOf = (row: object): number => {
  const tip = (row as { tipCents?: unknown }).tipCents;
  return typeof tip === 'number' ? tip : 0;
};

export async function readMoneyRows(t: TestApp, restaurantId: number) {
  const db = t.app.database.db;
  const [billRows, orderRows, paymentRows, refundRows] = await Promise.all([
    db.select().from(bills).where(eq(bills.restaurantId, restaurantId)).orderBy(asc(bills.id)),
    db.select().from(orders).where(eq(orders.restaurantId, restaurantId)).orderBy(asc(orders.id)),
    db
      .select()
      .from(billPayments)
      .where(eq(billPayments.restaurantId, restaurantId))
      .orderBy(asc(billPayments.id)),
    db.select().from(refunds).where(eq(refunds.restaurantId, restaurantId)).orderBy(asc(refunds.id)),
  ]);
  const orderIds = orderRows.map((row) => row.id);
  const paymentIds = paymentRows.map((row) => row.id);
  const [lineRows, claimRows] = await Promise.all([
    orderIds.length === 0
      ? []
      : db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id)),
    paymentIds.length === 0
      ? []
      : db
          .select()
          .from(paymentClaims)
          .where(inArray(paymentClaims.paymentId, paymentIds))
          .orderBy(asc(paymentClaims.id)),
  ]);
  const taxIncludedOf = new Map(orderRows.map((row) => [row.id, row.taxIncluded]));
  return {
    bills: billRows.map((row) => ({
      id: row.id,
      tableNumber: row.tableNumber,
      status: row.status as string,
      version: row.version,
      paidAt: row.paidAt?.toISOString() ?? null,
    })),
    orders: orderRows.map((row) => ({
      id: row.id,
      billId: row.billId,
      customerId: row.customerId,
      status: row.status as string,
      // A string: the rules name states (partly_paid) the enum may not have yet.
      paymentState: row.paymentState as string,
      paymentTiming: row.paymentTiming as string,
      awaitingPayment: row.awaitingPayment,
      totalCents: row.totalCents,
      refundedCents: row.refundedCents,
      deleted: row.deletedAt !== null,
      live: row.deletedAt === null && row.status !== 'Cancelled',
      createdAt: row.createdAt.toISOString(),
    })),
    lines: lineRows.map((row) => ({
      id: row.id,
      orderId: row.orderId,
      menuItemId: row.menuItemId,
      productName: row.productName,
      quantity: row.quantity,
      unitPriceCents: row.unitPriceCents,
      /** What the line costs the table: its amount, its tax when added, its share of service. */
      payableCents:
        row.unitPriceCents * row.quantity +
        (taxIncludedOf.get(row.orderId) ? 0 : row.taxCents) +
        row.serviceCents,
      refundedCents: row.refundedCents,
    })),
    payments: paymentRows.map((row) => ({
      id: row.id,
      billId: row.billId,
      status: row.status as string,
      splitKind: row.splitKind as string,
      amountCents: row.amountCents,
      tipCents: row.tipCents,
      refundedCents: row.refundedCents,
      providerPaymentId: row.providerPaymentId,
      createdAt: row.createdAt.toISOString(),
    })),
    claims: claimRows.map((row) => ({
      id: row.id,
      paymentId: row.paymentId,
      orderItemId: row.orderItemId,
      shareIndex: row.shareIndex,
      shareCount: row.shareCount,
      amountCents: row.amountCents,
    })),
    refunds: refundRows.map((row) => ({
      id: row.id,
      orderId: row.orderId,
      paymentId: row.paymentId,
      amountCents: row.amountCents,
      tipCents: tipOf(row),
      reason: row.reason,
      status: row.status as string,
      automatic: row.automatic,
      providerRefundId: row.providerRefundId,
      lines: row.lines,
    })),
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the restaurant's money rows stop moving: the test provider's local deliveries
 * drained, then `stableReads` reads in a row, `gapMs` apart, finding the same rows. Work the
 * server starts after its answer (today's automatic refund follows a cancellation's event) lands
 * before a test reads; a step that starts nothing settles after two reads. Answers the rows.
 */
export async function settledMoneyRows(
  t: TestApp,
  restaurantId: number,
  options: { stableReads?: number; gapMs?: number; timeoutMs?: number } = {},
): Promise<MoneyRows> {
  const { stableReads = 2, gapMs = 10, timeoutMs = 5_000 } = options;
  const deadline = Date.now() + timeoutMs;
  await t.app.paymentEvents.drained();
  let last = await readMoneyRows(t, restaurantId);
  let lastJson = JSON.stringify(last);
  let same = 1;
  while (same < stableReads && Date.now() < deadline) {
    await pause(gapMs);
    await t.app.paymentEvents.drained();
    const next = await readMoneyRows(t, restaurantId);
    const nextJson = JSON.stringify(next);
    same = nextJson === lastJson ? same + 1 : 1;
    last = next;
    lastJson = nextJson;
  }
  return last;
}
