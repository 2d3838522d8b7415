import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';

/**
 * What the bills module's refunds read of an order and the one write they make to it
 * (docs/decisions/020-money-model.md#refunds): the orders module owns orders and their lines,
 * so a confirmed refund changes their columns only through here.
 */

export type RefundableOrder = {
  id: number;
  restaurantId: number;
  billId: number | null;
  paymentState: (typeof orders.$inferSelect)['paymentState'];
  totalCents: number;
  refundedCents: number;
  deleted: boolean;
  lines: {
    id: number;
    productName: string;
    quantity: number;
    /** What the line costs the diners: its amount, its tax when added, its share of service. */
    payableCents: number;
    refundedCents: number;
  }[];
};

/** A line's payable, as bill.ts prices it: amount, the tax when added, its service. */
const payableOf = (line: typeof orderItems.$inferSelect, taxIncluded: boolean) =>
  line.unitPriceCents * line.quantity + (taxIncluded ? 0 : line.taxCents) + line.serviceCents;

export const orderRefunds = {
  /** The restaurant's order, deleted or not (a deleted paid order is refunded too), with its lines. */
  async find(db: DbOrTx, restaurantId: number, orderId: number): Promise<RefundableOrder | undefined> {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.restaurantId, restaurantId)))
      .limit(1);
    if (!order) return undefined;
    const lines = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(orderItems.id);
    return {
      id: order.id,
      restaurantId: order.restaurantId,
      billId: order.billId,
      paymentState: order.paymentState,
      totalCents: order.totalCents,
      refundedCents: order.refundedCents,
      deleted: order.deletedAt !== null,
      lines: lines.map((line) => ({
        id: line.id,
        productName: line.productName,
        quantity: line.quantity,
        payableCents: payableOf(line, order.taxIncluded),
        refundedCents: line.refundedCents,
      })),
    };
  },

  /**
   * A confirmed refund, in the webhook's transaction: the order's and its lines' refunded
   * figures grow by it (its payment state is its bill's ledger's, written by the bills module).
   */
  async apply(
    tx: DbOrTx,
    refund: { orderId: number; amountCents: number; lines: { orderItemId: number; amountCents: number }[] },
    at: Date,
  ): Promise<void> {
    const refunded = sql`${orders.refundedCents} + ${refund.amountCents}`;
    await tx
      .update(orders)
      .set({ refundedCents: refunded, updatedAt: at })
      .where(eq(orders.id, refund.orderId));
    for (const line of refund.lines) {
      await tx
        .update(orderItems)
        .set({ refundedCents: sql`${orderItems.refundedCents} + ${line.amountCents}` })
        .where(and(eq(orderItems.id, line.orderItemId), eq(orderItems.orderId, refund.orderId)));
    }
  },

  /** The orders paid on these bills, for the sales report's tips. */
  async ofBills(db: DbOrTx, billIds: number[]) {
    if (billIds.length === 0) return [];
    return db
      .select({
        id: orders.id,
        billId: orders.billId,
        totalCents: orders.totalCents,
        status: orders.status,
        deleted: sql<boolean>`${orders.deletedAt} is not null`,
      })
      .from(orders)
      .where(inArray(orders.billId, billIds))
      .orderBy(orders.id);
  },
};
