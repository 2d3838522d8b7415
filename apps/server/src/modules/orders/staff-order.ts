import type { Allergen } from '@tableserve/contract/allergens';
import type { StaffOrder } from '@tableserve/contract/owner-orders';
import type { DbOrTx } from '../../db/client';
import { businessDayAt, type RestaurantClock } from '../../lib/business-day';
import { centsToDollars } from '../../lib/money';
import { groupBy } from '../../lib/objects';
import { menuReads } from '../menu/menu-reads';
import { toOrderLine } from './order-lines';
import { toOrderMoney } from './order-money';
import { type OrderItemRow, type OrderRow, ordersRepository as repo } from './orders.repository';

/** An order line with what the kitchen must know of its menu item. */
export type StaffLineRow = Pick<
  OrderItemRow,
  | 'menuItemId'
  | 'productName'
  | 'quantity'
  | 'unitPriceCents'
  | 'options'
  | 'taxName'
  | 'taxRate'
  | 'taxCents'
> & {
  allergens: readonly Allergen[];
};

/** An order as the restaurant's staff see it (docs/product/staff-screens.md#order-summary). */
export function toStaffOrder(
  order: OrderRow,
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

/** Several orders of one restaurant with their lines: one query for the lines, one for their allergens. */
export async function staffOrdersOf(
  db: DbOrTx,
  rows: OrderRow[],
  restaurant: RestaurantClock,
): Promise<StaffOrder[]> {
  const lines = await repo.linesOf(
    db,
    rows.map((row) => row.id),
  );
  // Each line's menu item's allergens as they are now: the kitchen cooks to the current recipe,
  // so a corrected allergen shows at once. An item removed for good (menu_item_id set null) has
  // nothing left to say.
  const allergens = await menuReads.allergensOf(db, [
    ...new Set(lines.flatMap((line) => (line.menuItemId === null ? [] : [line.menuItemId]))),
  ]);
  const staffLines = lines.map((line) => ({
    ...line,
    allergens: (line.menuItemId !== null && allergens.get(line.menuItemId)) || [],
  }));
  const byOrder = groupBy(staffLines, (line) => line.orderId);
  return rows.map((row) => toStaffOrder(row, byOrder.get(row.id) ?? [], restaurant));
}
