import type { StaffOrder } from '@tableserve/contract/owner-orders';
import type { DbOrTx } from '../../db/client';
import { businessDayAt, type RestaurantClock } from '../../lib/business-day';
import { centsToDollars } from '../../lib/money';
import { groupBy } from '../../lib/objects';
import { toOrderLine } from './order-lines';
import { toOrderMoney } from './order-money';
import {
  type OrderRow,
  ordersRepository as repo,
  type StaffLineRow,
  type StaffOrderRow,
} from './orders.repository';

/** An order as the restaurant's staff see it (docs/product/staff-screens.md#order-summary). */
export function toStaffOrder(
  order: StaffOrderRow,
  lines: StaffLineRow[],
  restaurant: RestaurantClock,
): StaffOrder {
  return {
    order_id: order.id,
    restaurant_id: order.restaurantId,
    customer_name: order.customerName,
    phone_number: order.phoneNumber,
    table_number: order.tableNumber,
    order_type: order.orderType,
    total_amount: centsToDollars(order.totalCents),
    ...toOrderMoney(order, lines),
    status: order.status,
    order_date: businessDayAt(order.createdAt, restaurant).date,
    other_order_details: order.otherOrderDetails,
    placed_by: order.customerId === null ? 'staff' : 'diner',
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    items: lines.map((line) => ({ ...toOrderLine(line), allergens: [...line.allergens] })),
  };
}

/** Several orders of one restaurant with their lines, in one query. */
export async function staffOrdersOf(
  db: DbOrTx,
  rows: OrderRow[],
  restaurant: RestaurantClock,
): Promise<StaffOrder[]> {
  const lines = await repo.staffLinesOf(
    db,
    rows.map((row) => row.id),
  );
  const byOrder = groupBy(lines, (line) => line.orderId);
  return rows.map((row) => toStaffOrder(row, byOrder.get(row.id) ?? [], restaurant));
}
