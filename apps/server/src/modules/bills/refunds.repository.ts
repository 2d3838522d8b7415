import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billPayments, refunds } from '../../db/schema';

export type RefundRow = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;

/** What refunds not failed take of a payment's amount (tips apart): pending ones hold it until confirmed. */
const heldByRefunds = sql<number>`coalesce((select sum(${refunds.amountCents}) from ${refunds}
  where ${refunds.paymentId} = ${billPayments.id} and ${refunds.status} <> 'failed'), 0)::int`;

export const refundsRepository = {
  /** An order's refunds, oldest first, with the card each went back to (its card in Order Management). */
  async ofOrderWithCards(db: DbOrTx, orderId: number) {
    const rows = await db
      .select({ refund: refunds, cardLast4: billPayments.cardLast4 })
      .from(refunds)
      .innerJoin(billPayments, eq(billPayments.id, refunds.paymentId))
      .where(eq(refunds.orderId, orderId))
      .orderBy(asc(refunds.id));
    return rows.map(({ refund, cardLast4 }) => ({ ...refund, cardLast4 }));
  },

  /** Every refund of the bill's payments, oldest first (the ledger's). */
  async ofBill(db: DbOrTx, billId: number): Promise<RefundRow[]> {
    const rows = await db
      .select({ refund: refunds })
      .from(refunds)
      .innerJoin(billPayments, eq(billPayments.id, refunds.paymentId))
      .where(eq(billPayments.billId, billId))
      .orderBy(asc(refunds.id));
    return rows.map((row) => row.refund);
  },

  ofOrder(db: DbOrTx, orderId: number): Promise<RefundRow[]> {
    return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
  },

  /** The bill's confirmed payments with what is left to refund of each (amount − refunds not failed; tips stay). */
  async refundablePayments(tx: DbOrTx, billId: number) {
    return tx
      .select({
        id: billPayments.id,
        providerPaymentId: billPayments.providerPaymentId,
        refundableCents: sql<number>`(${billPayments.amountCents} - ${heldByRefunds})::int`,
      })
      .from(billPayments)
      .where(and(eq(billPayments.billId, billId), eq(billPayments.status, 'succeeded')))
      .orderBy(asc(billPayments.id));
  },

  /** The provider's ids of these payments, to refund them. */
  async providerPaymentIds(db: DbOrTx, paymentIds: number[]) {
    const rows = await db
      .select({ id: billPayments.id, providerPaymentId: billPayments.providerPaymentId })
      .from(billPayments)
      .where(inArray(billPayments.id, paymentIds));
    return new Map(rows.map((row) => [row.id, row.providerPaymentId]));
  },

  insert(tx: DbOrTx, rows: NewRefund[]): Promise<RefundRow[]> {
    return tx.insert(refunds).values(rows).returning();
  },

  async setProviderRefund(db: DbOrTx, refundId: number, providerRefundId: string) {
    await db.update(refunds).set({ providerRefundId }).where(eq(refunds.id, refundId));
  },

  /** A refund the provider refused: its amount is free to refund again. */
  async fail(db: DbOrTx, refundId: number) {
    const [row] = await db
      .update(refunds)
      .set({ status: 'failed' })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
      .returning();
    return row;
  },

  /** Pending refunds the provider was never asked for (no provider id), reserved before `before`. */
  unsentSince(db: DbOrTx, before: Date): Promise<RefundRow[]> {
    return db
      .select()
      .from(refunds)
      .where(
        and(eq(refunds.status, 'pending'), isNull(refunds.providerRefundId), lt(refunds.createdAt, before)),
      )
      .orderBy(asc(refunds.id))
      .limit(100);
  },

  /** Our refund by its id, for an event that names it in its metadata. */
  async byId(tx: DbOrTx, refundId: number) {
    const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).limit(1);
    return row;
  },

  async byProviderRefund(tx: DbOrTx, providerRefundId: string) {
    const [row] = await tx
      .select()
      .from(refunds)
      .where(eq(refunds.providerRefundId, providerRefundId))
      .limit(1);
    return row;
  },

  /** Pending → succeeded, once: a replayed or late event finds it no longer pending. */
  async confirm(tx: DbOrTx, refundId: number, at: Date) {
    const [row] = await tx
      .update(refunds)
      .set({ status: 'succeeded', confirmedAt: at })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
      .returning();
    return row;
  },

  async addToPayment(tx: DbOrTx, paymentId: number, amountCents: number, at: Date) {
    await tx
      .update(billPayments)
      .set({ refundedCents: sql`${billPayments.refundedCents} + ${amountCents}`, updatedAt: at })
      .where(eq(billPayments.id, paymentId));
  },

  billOfPayment(tx: DbOrTx, paymentId: number) {
    return tx
      .select({ billId: billPayments.billId })
      .from(billPayments)
      .where(eq(billPayments.id, paymentId))
      .limit(1);
  },

  /** A business day's payments (any status), oldest first. */
  paymentsInSpan(db: DbOrTx, restaurantId: number, start: Date, end: Date) {
    return db
      .select()
      .from(billPayments)
      .where(
        and(
          eq(billPayments.restaurantId, restaurantId),
          gte(billPayments.createdAt, start),
          lt(billPayments.createdAt, end),
        ),
      )
      .orderBy(asc(billPayments.createdAt), asc(billPayments.id));
  },

  /** A business day's refunds with their payment's bill and card, oldest first. */
  refundsInSpan(db: DbOrTx, restaurantId: number, start: Date, end: Date) {
    return db
      .select({
        refund: refunds,
        billId: billPayments.billId,
        cardLast4: billPayments.cardLast4,
      })
      .from(refunds)
      .innerJoin(billPayments, eq(billPayments.id, refunds.paymentId))
      .where(
        and(
          eq(refunds.restaurantId, restaurantId),
          gte(refunds.createdAt, start),
          lt(refunds.createdAt, end),
        ),
      )
      .orderBy(asc(refunds.createdAt), asc(refunds.id));
  },

  /** Per order, the confirmed refunds TableServe gave back for a change (automatic). */
  async givenBackForChanges(db: DbOrTx, orderIds: number[]) {
    if (orderIds.length === 0) return new Map<number, number>();
    const rows = await db
      .select({ orderId: refunds.orderId, cents: sql<number>`sum(${refunds.amountCents})::int` })
      .from(refunds)
      .where(
        and(inArray(refunds.orderId, orderIds), eq(refunds.automatic, true), eq(refunds.status, 'succeeded')),
      )
      .groupBy(refunds.orderId);
    return new Map(rows.map((row) => [row.orderId, row.cents]));
  },

  /** The confirmed tips of these bills' payments, per bill. */
  async tipsOfBills(db: DbOrTx, billIds: number[]) {
    if (billIds.length === 0) return new Map<number, number>();
    const rows = await db
      .select({ billId: billPayments.billId, tips: sql<number>`sum(${billPayments.tipCents})::int` })
      .from(billPayments)
      .where(and(inArray(billPayments.billId, billIds), eq(billPayments.status, 'succeeded')))
      .groupBy(billPayments.billId);
    return new Map(rows.map((row) => [row.billId, row.tips]));
  },
};
