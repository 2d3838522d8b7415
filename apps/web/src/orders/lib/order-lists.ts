import type { StaffOrder } from '@tableserve/contract/owner-orders';
import type { OrderDeletedPayload, OrderUpdatePayload } from '@tableserve/contract/realtime';

/** Any cached answer that holds a list of orders (Order Summary, Order Management, kitchen). */
type OrderList = { orders: StaffOrder[] };

const isOrderList = (value: unknown): value is OrderList =>
  typeof value === 'object' && value !== null && Array.isArray((value as OrderList).orders);

/**
 * docs/product/order-statuses.md#live-updates: order_update changes an order's status and total (and, here, its
 * updated_at, which the kitchen's timer counts from). The same object when nothing matches, so
 * React and the query cache see no change.
 */
export function applyUpdate<T>(data: T, update: OrderUpdatePayload): T {
  if (!isOrderList(data)) return data;
  let changed = false;
  const orders = data.orders.map((order) => {
    if (order.order_id !== update.order_id) return order;
    changed = true;
    return {
      ...order,
      status: update.status,
      total_amount: update.total_amount,
      updated_at: update.updated_at ?? order.updated_at,
    };
  });
  return changed ? { ...data, orders } : data;
}

/** An order the server answered with (after an action): replaces its copy wherever it is listed. */
export function replaceOrder<T>(data: T, next: StaffOrder): T {
  if (!isOrderList(data)) return data;
  if (!data.orders.some((order) => order.order_id === next.order_id)) return data;
  return { ...data, orders: data.orders.map((order) => (order.order_id === next.order_id ? next : order)) };
}

/** order_deleted: the order leaves every list. */
export function removeOrder<T>(data: T, deleted: OrderDeletedPayload): T {
  if (!isOrderList(data)) return data;
  const orders = data.orders.filter((order) => order.order_id !== deleted.order_id);
  return orders.length === data.orders.length ? data : { ...data, orders };
}
