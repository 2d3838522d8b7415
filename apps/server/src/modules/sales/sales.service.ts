import {
  BEST_SELLERS_LIMIT,
  type KitchenAnalyticsResponse,
  LATE_AFTER_DEFAULT_MINUTES,
} from '@tableserve/contract/kitchen-analytics';
import { CLOSING_DAY_CUTOFF_HOUR } from '@tableserve/contract/opening-hours';
import type { DailySalesResponse } from '@tableserve/contract/owner-orders';
import type { Db } from '../../db/client';
import { businessDay, localHour } from '../../lib/business-day';
import { centsToDollars } from '../../lib/money';
import { groupBy } from '../../lib/objects';
import { toOrderLine } from '../orders/order-lines';
import { kitchenAnalyticsReads, orderReads } from '../orders/order-reads';
import { restaurantNotFound, restaurantOfCaller } from '../restaurants/restaurant-of-caller';
import { restaurantReads } from '../restaurants/restaurant-reads';
import { dayMoney } from './sales-money';

export type SalesService = ReturnType<typeof createSalesService>;

/**
 * Orders per hour of the restaurant's clock, from the first hour with an order to the last, the
 * quiet hours between included. A day is read from 06:00 (the closing-day cutoff: earlier hours
 * close the night before), so a late night's 00:00 and 01:00 come after its 23:00.
 */
export function ordersByHour(placed: Date[], timeZone: string): KitchenAnalyticsResponse['hours'] {
  const counts = new Array<number>(24).fill(0);
  for (const instant of placed) {
    counts[(localHour(instant, timeZone) - CLOSING_DAY_CUTOFF_HOUR + 24) % 24]! += 1;
  }
  const first = counts.findIndex((count) => count > 0);
  if (first === -1) return [];
  const last = counts.findLastIndex((count) => count > 0);
  return counts.slice(first, last + 1).map((orders, index) => ({
    hour: (first + index + CLOSING_DAY_CUTOFF_HOUR) % 24,
    orders,
  }));
}

/**
 * The Daily Sales Report (docs/product/business-day.md#business-day, docs/product/daily-sales.md#daily-sales): one business day of the
 * restaurant, in its own time zone; revenue counts paid (Completed) orders only. Its kitchen
 * analytics (docs/decisions/014-kitchen-analytics.md, ADR 014) read a range of those business days.
 */
export function createSalesService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  return {
    async daily(ownerId: number, restaurantId: number, date: string): Promise<DailySalesResponse> {
      const restaurant = await restaurantOfCaller(db, ownerId, restaurantId);
      const day = businessDay(date, restaurant);
      const rows = await orderReads.listInSpan(db, restaurant.id, day.start, day.end);
      const lines = groupBy(
        await orderReads.linesOf(
          db,
          rows.map((row) => row.id),
        ),
        (line) => line.orderId,
      );
      const revenueCents = rows
        .filter((row) => row.status === 'Completed')
        .reduce((sum, row) => sum + row.totalCents, 0);
      return {
        date,
        timezone: restaurant.timezone,
        total_revenue: centsToDollars(revenueCents),
        total_orders: rows.length,
        orders: rows.map((row) => ({
          order_id: row.id,
          table_number: row.tableNumber,
          status: row.status,
          total_amount: centsToDollars(row.totalCents),
          created_at: row.createdAt.toISOString(),
          items: (lines.get(row.id) ?? []).map(toOrderLine),
        })),
      };
    },

    /** The money of one business day of the caller's restaurant, and its payments and refunds. */
    async payments(ownerId: number, date: string) {
      const restaurantId = await restaurantReads.idOfOwner(db, ownerId);
      if (restaurantId === undefined) throw restaurantNotFound();
      const restaurant = await restaurantOfCaller(db, ownerId, restaurantId);
      return dayMoney(db, restaurant, date, businessDay(date, restaurant));
    },

    /** Business days `from` to `to` (both counted) of the caller's restaurant. */
    async kitchen(
      ownerId: number,
      restaurantId: number,
      query: { from: string; to?: string | undefined; late_after?: number | undefined },
    ): Promise<KitchenAnalyticsResponse> {
      const restaurant = await restaurantOfCaller(db, ownerId, restaurantId);
      const to = query.to ?? query.from;
      const lateAfter = query.late_after ?? LATE_AFTER_DEFAULT_MINUTES;
      const span = {
        start: businessDay(query.from, restaurant).start,
        end: businessDay(to, restaurant).end,
      };
      const [figures, placed, bestSellers] = await Promise.all([
        kitchenAnalyticsReads.kitchenFigures(db, restaurant.id, span, lateAfter, now()),
        kitchenAnalyticsReads.placedTimes(db, restaurant.id, span),
        kitchenAnalyticsReads.bestSellers(db, restaurant.id, span, BEST_SELLERS_LIMIT),
      ]);
      return {
        from: query.from,
        to,
        timezone: restaurant.timezone,
        late_after_minutes: lateAfter,
        orders: figures.orders,
        prepared_orders: figures.prepared,
        average_preparation_seconds: figures.averageSeconds,
        p90_preparation_seconds: figures.p90Seconds,
        late_orders: figures.late,
        hours: ordersByHour(placed, restaurant.timezone),
        best_sellers: bestSellers.map((row) => ({
          product_name: row.productName,
          quantity: row.quantity,
          orders: row.orders,
        })),
      };
    },
  };
}
