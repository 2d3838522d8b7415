import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billPayments, bills, paymentClaims, refunds } from '../../db/schema';

export type BillRow = typeof bills.$inferSelect;
export type BillPaymentRow = typeof billPayments.$inferSelect;
export type NewBillPayment = typeof billPayments.$inferInsert;
export type PaymentClaimRow = typeof paymentClaims.$inferSelect;
export type NewPaymentClaim = Omit<typeof paymentClaims.$inferInsert, 'paymentId'>;

/** A payment that reserves its amount and its shares: being paid, or paid. */
const holding = inArray(billPayments.status, ['pending', 'succeeded']);

/** The bill's payment, while it is pending: a confirmation or a refusal settles it once. */
const stillPending = (billId: number, paymentId: number) =>
  and(eq(billPayments.id, paymentId), eq(billPayments.billId, billId), eq(billPayments.status, 'pending'));

/** All the SQL of bills, their payments and the shares of lines they claim. */
export const billsRepository = {
  async find(db: DbOrTx, billId: number): Promise<BillRow | undefined> {
    const [row] = await db.select().from(bills).where(eq(bills.id, billId)).limit(1);
    return row;
  },

  /** The bill, locked until the transaction ends: every payment of it queues here. */
  async lock(tx: DbOrTx, billId: number): Promise<BillRow | undefined> {
    const [row] = await tx.select().from(bills).where(eq(bills.id, billId)).for('update').limit(1);
    return row;
  },

  async openOfTable(db: DbOrTx, restaurantId: number, tableNumber: number): Promise<BillRow | undefined> {
    const [row] = await db
      .select()
      .from(bills)
      .where(
        and(
          eq(bills.restaurantId, restaurantId),
          eq(bills.tableNumber, tableNumber),
          eq(bills.status, 'open'),
        ),
      )
      .limit(1);
    return row;
  },

  /** A bill of its own, for one order paid when ordering. */
  async create(tx: DbOrTx, restaurantId: number, at: Date): Promise<BillRow> {
    const [row] = await tx
      .insert(bills)
      .values({ restaurantId, tableNumber: null, createdAt: at, updatedAt: at })
      .returning();
    return row!;
  },

  /**
   * The table's open bill, created if it has none. Two first orders at one table at once: the
   * partial unique index lets one insert win, and the other reads the winner's bill.
   */
  async openOfTableOrCreate(tx: DbOrTx, restaurantId: number, tableNumber: number, at: Date) {
    await tx
      .insert(bills)
      .values({ restaurantId, tableNumber, createdAt: at, updatedAt: at })
      .onConflictDoNothing();
    return (await billsRepository.openOfTable(tx, restaurantId, tableNumber))!;
  },

  /** Raises the bill's version (it changed); the update also locks its row until commit. */
  async bump(tx: DbOrTx, billId: number, at: Date): Promise<BillRow> {
    const [row] = await tx
      .update(bills)
      .set({ version: sql`${bills.version} + 1`, updatedAt: at })
      .where(eq(bills.id, billId))
      .returning();
    return row!;
  },

  async markPaid(tx: DbOrTx, billId: number, at: Date): Promise<BillRow> {
    const [row] = await tx
      .update(bills)
      .set({ status: 'paid', paidAt: at, version: sql`${bills.version} + 1`, updatedAt: at })
      .where(eq(bills.id, billId))
      .returning();
    return row!;
  },

  /** Owed again (an order edited up after the bill was paid): open, its payments kept. */
  async reopen(tx: DbOrTx, billId: number, at: Date): Promise<BillRow> {
    const [row] = await tx
      .update(bills)
      .set({ status: 'open', paidAt: null, version: sql`${bills.version} + 1`, updatedAt: at })
      .where(eq(bills.id, billId))
      .returning();
    return row!;
  },

  /** What the bill holds: its confirmed payments less its refunds not failed (tips apart). */
  async keptCents(db: DbOrTx, billId: number): Promise<number> {
    const [row] = await db
      .select({
        kept: sql<number>`coalesce(sum(${billPayments.amountCents}) filter (where ${billPayments.status} = 'succeeded'), 0)
          - coalesce((select sum(${refunds.amountCents}) from ${refunds}
              where ${refunds.paymentId} in (select ${billPayments.id} from ${billPayments} where ${billPayments.billId} = ${billId})
              and ${refunds.status} <> 'failed'), 0)`.mapWith(Number),
      })
      .from(billPayments)
      .where(eq(billPayments.billId, billId));
    return row?.kept ?? 0;
  },

  paymentsOf(db: DbOrTx, billId: number): Promise<BillPaymentRow[]> {
    return db
      .select()
      .from(billPayments)
      .where(eq(billPayments.billId, billId))
      .orderBy(asc(billPayments.createdAt), asc(billPayments.id));
  },

  async payment(db: DbOrTx, billId: number, paymentId: number): Promise<BillPaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(billPayments)
      .where(and(eq(billPayments.id, paymentId), eq(billPayments.billId, billId)))
      .limit(1);
    return row;
  },

  /** Pending payments the provider accepted (it named them) before `before`, oldest first. */
  async pendingChargedBefore(db: DbOrTx, providerName: string, before: Date) {
    const rows = await db
      .select({
        id: billPayments.id,
        billId: billPayments.billId,
        providerPaymentId: billPayments.providerPaymentId,
      })
      .from(billPayments)
      .where(
        and(
          eq(billPayments.status, 'pending'),
          eq(billPayments.provider, providerName),
          isNotNull(billPayments.providerPaymentId),
          lt(billPayments.createdAt, before),
        ),
      )
      .orderBy(asc(billPayments.createdAt))
      .limit(500);
    return rows.map((row) => ({ ...row, providerPaymentId: row.providerPaymentId! }));
  },

  /** The shares of lines that pending and confirmed payments of the bill hold. */
  claimsOf(db: DbOrTx, billId: number): Promise<PaymentClaimRow[]> {
    return db
      .select({
        id: paymentClaims.id,
        paymentId: paymentClaims.paymentId,
        orderItemId: paymentClaims.orderItemId,
        shareIndex: paymentClaims.shareIndex,
        shareCount: paymentClaims.shareCount,
        amountCents: paymentClaims.amountCents,
      })
      .from(paymentClaims)
      .innerJoin(billPayments, eq(billPayments.id, paymentClaims.paymentId))
      .where(and(eq(billPayments.billId, billId), holding))
      .orderBy(asc(paymentClaims.orderItemId), asc(paymentClaims.shareIndex));
  },

  async insertPayment(tx: DbOrTx, payment: NewBillPayment, claims: NewPaymentClaim[]) {
    const [row] = await tx.insert(billPayments).values(payment).returning();
    if (claims.length > 0)
      await tx.insert(paymentClaims).values(claims.map((claim) => ({ ...claim, paymentId: row!.id })));
    return row!;
  },

  /** What the provider answered when it accepted the charge: its id and the card. */
  async recordCharge(
    db: DbOrTx,
    paymentId: number,
    charge: { providerPaymentId: string; cardBrand: string | null; cardLast4: string | null },
    at: Date,
  ) {
    await db
      .update(billPayments)
      .set({
        providerPaymentId: charge.providerPaymentId,
        // The webhook may have written the card already; it is the same card.
        cardBrand: sql`coalesce(${billPayments.cardBrand}, ${charge.cardBrand})`,
        cardLast4: sql`coalesce(${billPayments.cardLast4}, ${charge.cardLast4})`,
        updatedAt: at,
      })
      .where(eq(billPayments.id, paymentId));
  },

  /** Confirmed: only a pending payment changes, so a replayed or late event changes nothing. */
  async succeed(
    tx: DbOrTx,
    billId: number,
    paymentId: number,
    confirmation: { providerPaymentId: string; cardBrand: string | null; cardLast4: string | null },
    at: Date,
  ): Promise<BillPaymentRow | undefined> {
    const [row] = await tx
      .update(billPayments)
      .set({
        status: 'succeeded',
        providerPaymentId: confirmation.providerPaymentId,
        cardBrand: sql`coalesce(${confirmation.cardBrand}, ${billPayments.cardBrand})`,
        cardLast4: sql`coalesce(${confirmation.cardLast4}, ${billPayments.cardLast4})`,
        confirmedAt: at,
        updatedAt: at,
      })
      .where(stillPending(billId, paymentId))
      .returning();
    return row;
  },

  /** Refused: only a pending payment fails, and the shares it held are free again. */
  async fail(
    tx: DbOrTx,
    paymentId: number,
    message: string,
    at: Date,
    billId: number,
  ): Promise<BillPaymentRow | undefined> {
    const [row] = await tx
      .update(billPayments)
      .set({ status: 'failed', failureMessage: message.slice(0, 500), updatedAt: at })
      .where(stillPending(billId, paymentId))
      .returning();
    if (row) await tx.delete(paymentClaims).where(eq(paymentClaims.paymentId, paymentId));
    return row;
  },
};
