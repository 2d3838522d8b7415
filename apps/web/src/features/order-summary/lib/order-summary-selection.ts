import type { StaffOrder } from '@tableserve/contract/owner-orders';
import { dollarsToCents } from '@/lib/money';

/**
 * docs/product/order-statuses.md#status-machine: 'Mark as Paid' and the batch checkbox are offered only for orders
 * that are none of Completed, Pending, Approved or Cancelled, that is Ready ones.
 */
export const isPayable = (order: Pick<StaffOrder, 'status'>): boolean => order.status === 'Ready';

/**
 * The selection that still makes sense for the orders on screen: ids of listed orders that are
 * still Ready. An order paid, cancelled or gone after a live update leaves the selection. The same
 * set comes back when nothing changes, so a caller can compare by identity.
 */
export function keepPayable(
  selected: ReadonlySet<number>,
  orders: readonly StaffOrder[],
): ReadonlySet<number> {
  if (selected.size === 0) return selected;
  const payable = new Set(orders.filter(isPayable).map((order) => order.order_id));
  const kept = [...selected].filter((orderId) => payable.has(orderId));
  return kept.length === selected.size ? selected : new Set(kept);
}

/** 'Total Selected': how many orders and their sum in dollars, added up in cents. */
export function selectionTotal(selected: ReadonlySet<number>, orders: readonly StaffOrder[]) {
  const chosen = orders.filter((order) => selected.has(order.order_id));
  const cents = chosen.reduce((sum, order) => sum + dollarsToCents(order.total_amount), 0);
  return { count: chosen.length, dollars: cents / 100 };
}

/** Ticks or unticks one order, as a new set. */
export function toggled(selected: ReadonlySet<number>, orderId: number): ReadonlySet<number> {
  const next = new Set(selected);
  if (next.has(orderId)) next.delete(orderId);
  else next.add(orderId);
  return next;
}
