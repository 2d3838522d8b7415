import type { OrderMoney, OrderStatus } from '@tableserve/contract/order';
import type { OrderUpdatePayload } from '@tableserve/contract/realtime';

/** An order as a page holds it; the public status call has no total, so the total is optional. */
export type UpdatableOrder = { order_id: number; status: OrderStatus; total_amount?: number };

/**
 * The order with the update applied, only when the update is about this order
 * (docs/product/ordering.md#order-status-page: an update applies only when its order_id matches). Otherwise the same object,
 * so React and the query cache see no change.
 */
export function applyOrderUpdate<T extends UpdatableOrder>(order: T, update: OrderUpdatePayload): T {
  if (order.order_id !== update.order_id) return order;
  const hasTotal = order.total_amount !== undefined;
  // The figures come with an order that has them (docs/decisions/020-money-model.md): an edit re-prices, a payment pays.
  const money = hasTotal && update.subtotal !== undefined ? moneyOf(update) : undefined;
  const moneyChanged =
    money !== undefined &&
    MONEY_KEYS.some((key) => JSON.stringify((order as OrderMoney)[key]) !== JSON.stringify(money[key]));
  if (
    order.status === update.status &&
    (!hasTotal || order.total_amount === update.total_amount) &&
    !moneyChanged
  )
    return order;
  return {
    ...order,
    status: update.status,
    ...(hasTotal && { total_amount: update.total_amount, ...money }),
  };
}

const MONEY_KEYS = [
  'subtotal',
  'tax',
  'tax_included',
  'taxes',
  'service',
  'payment_timing',
  'payment_state',
  'refunded',
] as const satisfies readonly (keyof OrderMoney)[];

const moneyOf = (update: OrderUpdatePayload): OrderMoney =>
  Object.fromEntries(MONEY_KEYS.map((key) => [key, update[key]]));

/** A list with the one matching order updated; the same array when none matches. */
export function applyOrderUpdateToList<T extends UpdatableOrder>(
  orders: T[],
  update: OrderUpdatePayload,
): T[] {
  let changed = false;
  const next = orders.map((order) => {
    const updated = applyOrderUpdate(order, update);
    if (updated !== order) changed = true;
    return updated;
  });
  return changed ? next : orders;
}
