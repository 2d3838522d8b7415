import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billPayments, bills, paymentClaims, refunds } from '../../db/schema';

export type BillRow = typeof bills.$inferSelect;
export type BillPaymentRow = typeof billPayments.$inferSelect;
export type PaymentClaimRow = typeof paymentClaims.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** What a receipt reads of the bills module's own tables. */
export const receiptsRepository = {
  /** The payment, only if it belongs to that bill. */
  async paymentOfBill(db: DbOrTx, billId: number, paymentId: number) {
    const [row] = await db
      .select({ payment: billPayments, bill: bills })
      .from(billPayments)
      .innerJoin(bills, eq(bills.id, billPayments.billId))
      .where(and(eq(billPayments.id, paymentId), eq(billPayments.billId, billId)));
    return row;
  },

  claimsOf: (db: DbOrTx, paymentId: number): Promise<PaymentClaimRow[]> =>
    db
      .select()
      .from(paymentClaims)
      .where(eq(paymentClaims.paymentId, paymentId))
      .orderBy(asc(paymentClaims.orderItemId), asc(paymentClaims.shareIndex)),

  /** The payment's confirmed refunds, oldest first. */
  refundsOf: (db: DbOrTx, paymentId: number): Promise<RefundRow[]> =>
    db
      .select()
      .from(refunds)
      .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'succeeded')))
      .orderBy(asc(refunds.id)),

  /**
   * Takes the right to email a confirmed payment's receipt: true once per payment, whoever asks
   * and however often the event repeats.
   */
  async claimReceiptEmail(db: DbOrTx, paymentId: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(billPayments)
      .set({ receiptSentAt: now })
      .where(
        and(
          eq(billPayments.id, paymentId),
          eq(billPayments.status, 'succeeded'),
          isNull(billPayments.receiptSentAt),
        ),
      )
      .returning({ id: billPayments.id });
    return rows.length > 0;
  },

  /** Gives the right back when the mail could not be sent, so a later event may try again. */
  releaseReceiptEmail: (db: DbOrTx, paymentId: number) =>
    db.update(billPayments).set({ receiptSentAt: null }).where(eq(billPayments.id, paymentId)),
};
