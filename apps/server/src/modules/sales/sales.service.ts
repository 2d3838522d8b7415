import { orderServerMessages } from '@tableserve/contract/order';
import type { DailySalesResponse } from '@tableserve/contract/owner-orders';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { businessDay } from '../../lib/business-day';
import { centsToDollars } from '../../lib/money';
import { ordersRepository } from '../orders/orders.repository';
import { restaurantsRepository } from '../restaurants/restaurants.repository';

export type SalesService = ReturnType<typeof createSalesService>;

/**
 * The Daily Sales Report (owner-side §2, §3 Daily sales response): one business day of the
 * restaurant, in its own time zone; revenue counts paid (Completed) orders only.
 */
export function createSalesService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async daily(ownerId: number, restaurantId: number, date: string): Promise<DailySalesResponse> {
      const restaurant = await restaurantsRepository.findById(db, restaurantId);
      if (restaurant?.ownerId !== ownerId)
        throw notFound(orderServerMessages.restaurantNotFound, 'RESTAURANT_NOT_FOUND');
      const day = businessDay(date, restaurant);
      const rows = await ordersRepository.listInSpan(db, restaurant.id, day.start, day.end);
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
        })),
      };
    },
  };
}
