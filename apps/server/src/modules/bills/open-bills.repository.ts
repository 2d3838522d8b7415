import { type AnyColumn, and, asc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billPayments, bills, refunds } from '../../db/schema';

export type BillRow = typeof bills.$inferSelect;

/** The SQL of the staff's view of bills (open-bills.service.ts). */
export const openBillsRepository = {
  /** The restaurant's open bills and those paid since `paidSince`, by table. */
  recent(db: DbOrTx, restaurantId: number, paidSince: Date): Promise<BillRow[]> {
    return db
      .select()
      .from(bills)
      .where(
        and(
          eq(bills.restaurantId, restaurantId),
          or(eq(bills.status, 'open'), and(eq(bills.status, 'paid'), gte(bills.paidAt, paidSince))),
        ),
      )
      .orderBy(sql`${bills.tableNumber} asc nulls last`, asc(bills.id));
  },

  async find(db: DbOrTx, billId: number): Promise<BillRow | undefined> {
    const [row] = await db.select().from(bills).where(eq(bills.id, billId)).limit(1);
    return row;
  },

  /** Per bill: confirmed payments, payments being confirmed, and confirmed tips (cents). */
  paymentSums(db: DbOrTx, billIds: number[]) {
    if (billIds.length === 0) return Promise.resolve([]);
    const sumWhere = (column: AnyColumn, status: 'pending' | 'succeeded') =>
      sql<number>`coalesce(sum(${column}) filter (where ${billPayments.status} = ${status}), 0)`.mapWith(
        Number,
      );
    return db
      .select({
        billId: billPayments.billId,
        paidCents: sumWhere(billPayments.amountCents, 'succeeded'),
        pendingCents: sumWhere(billPayments.amountCents, 'pending'),
        tipCents: sumWhere(billPayments.tipCents, 'succeeded'),
      })
      .from(billPayments)
      .where(inArray(billPayments.billId, billIds))
      .groupBy(billPayments.billId);
  },

  /** Per bill, order and kind (staff's or automatic): the refunds not failed (cents, tips apart). */
  refundSums(db: DbOrTx, billIds: number[]) {
    if (billIds.length === 0) return Promise.resolve([]);
    return db
      .select({
        billId: billPayments.billId,
        orderId: refunds.orderId,
        automatic: refunds.automatic,
        amountCents: sql<number>`sum(${refunds.amountCents})`.mapWith(Number),
        tipCents: sql<number>`sum(${refunds.tipCents})`.mapWith(Number),
      })
      .from(refunds)
      .innerJoin(billPayments, eq(billPayments.id, refunds.paymentId))
      .where(and(inArray(billPayments.billId, billIds), sql`${refunds.status} <> 'failed'`))
      .groupBy(billPayments.billId, refunds.orderId, refunds.automatic);
  },
};
