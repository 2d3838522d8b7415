import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { liveInSpan } from './orders.repository';

/** The orders kitchen analytics are about: live, in [start, end), and not cancelled (never cooked). */
const cookedInSpan = (restaurantId: number, start: Date, end: Date) =>
  and(liveInSpan(restaurantId, start, end), ne(orders.status, 'Cancelled'));

const preparation = sql`extract(epoch from ${orders.readyAt} - ${orders.approvedAt})`;
const prepared = sql`${orders.approvedAt} is not null and ${orders.readyAt} is not null`;

/**
 * The SQL of kitchen analytics (ADR 014), over the orders tables this module owns; the sales
 * module reads it through order-reads. The span is a range of business days.
 */
export const kitchenAnalyticsRepository = {
  /**
   * Counts and preparation times in one pass. Late: Ready `lateAfterMinutes` or more after it
   * was placed, or still to cook (Pending, Approved) that long after, as of `now`.
   */
  async kitchenFigures(
    db: DbOrTx,
    restaurantId: number,
    span: { start: Date; end: Date },
    lateAfterMinutes: number,
    now: Date,
  ) {
    const lateAfter = sql`(${lateAfterMinutes}::int * interval '1 minute')`;
    const [row] = await db
      .select({
        orders: sql<number>`count(*)::int`,
        prepared: sql<number>`(count(*) filter (where ${prepared}))::int`,
        averageSeconds: sql<number | null>`round(avg(${preparation}) filter (where ${prepared}))::int`,
        // Nearest rank: a preparation time that really happened, not one interpolated between two.
        p90Seconds: sql<
          number | null
        >`round(percentile_disc(0.9) within group (order by ${preparation}) filter (where ${prepared}))::int`,
        late: sql<number>`(count(*) filter (where ${orders.readyAt} >= ${orders.createdAt} + ${lateAfter}
          or (${orders.status} in ('Pending', 'Approved')
            and ${orders.createdAt} + ${lateAfter} <= ${now.toISOString()}::timestamptz)))::int`,
      })
      .from(orders)
      .where(cookedInSpan(restaurantId, span.start, span.end));
    return {
      orders: row?.orders ?? 0,
      prepared: row?.prepared ?? 0,
      averageSeconds: row?.averageSeconds ?? null,
      p90Seconds: row?.p90Seconds ?? null,
      late: row?.late ?? 0,
    };
  },

  /** When each order was placed: the service reads their hours on the restaurant's clock. */
  async placedTimes(db: DbOrTx, restaurantId: number, span: { start: Date; end: Date }): Promise<Date[]> {
    const rows = await db
      .select({ createdAt: orders.createdAt })
      .from(orders)
      .where(cookedInSpan(restaurantId, span.start, span.end));
    return rows.map((row) => row.createdAt);
  },

  /** The most ordered dishes by quantity, under the name each line was ordered with. */
  bestSellers(db: DbOrTx, restaurantId: number, span: { start: Date; end: Date }, limit: number) {
    const quantity = sql<number>`sum(${orderItems.quantity})::int`;
    return db
      .select({
        productName: orderItems.productName,
        quantity,
        orders: sql<number>`count(distinct ${orderItems.orderId})::int`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(cookedInSpan(restaurantId, span.start, span.end))
      .groupBy(orderItems.productName)
      .orderBy(desc(quantity), asc(orderItems.productName))
      .limit(limit);
  },
};
