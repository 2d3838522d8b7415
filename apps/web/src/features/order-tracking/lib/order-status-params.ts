import { paths } from '@/config/paths';

export type OrderStatusTarget = { orderId: number | null; restaurantId: number | null; token: string | null };

/** What a link to the order status page may carry in its navigation state (docs/product/ordering.md#order-status-page). */
export type OrderStatusState = { orderId?: unknown; restaurant_id?: unknown; token?: unknown };

const positiveId = (value: unknown): number | null => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
};

const nonBlank = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * /customer/order-status takes orderId, restaurant_id and token from the query or the navigation
 * state (docs/product/web-app.md#routes); the state wins, and the token falls back to the stored
 * CustomerToken.
 */
export function readOrderStatusTarget(
  search: URLSearchParams,
  state: unknown,
  storedToken: string | null,
): OrderStatusTarget {
  const fromState = (state && typeof state === 'object' ? state : {}) as OrderStatusState;
  return {
    orderId: positiveId(fromState.orderId) ?? positiveId(search.get('orderId')),
    restaurantId: positiveId(fromState.restaurant_id) ?? positiveId(search.get('restaurant_id')),
    token: nonBlank(fromState.token) ?? nonBlank(search.get('token')) ?? nonBlank(storedToken),
  };
}

/**
 * A link to one order's status: the ids in the query, so a reload or a shared link still works,
 * and the token in the navigation state, so it stays out of the address bar and history.
 */
export function orderStatusLink(order: { order_id: number; restaurant_id: number }, token: string | null) {
  const query = new URLSearchParams({
    orderId: String(order.order_id),
    restaurant_id: String(order.restaurant_id),
  });
  const state: OrderStatusState = { orderId: order.order_id, restaurant_id: order.restaurant_id, token };
  return { to: `${paths.orderStatus}?${query}`, state };
}

/** /track-order?restaurant_id&order_id (docs/product/web-app.md#routes). */
export function readTrackOrderTarget(search: URLSearchParams) {
  return {
    restaurantId: positiveId(search.get('restaurant_id')),
    orderId: positiveId(search.get('order_id')),
  };
}

/**
 * /customer_orders gets the customer id in its navigation state (docs/product/web-app.md#routes);
 * a reload loses the state, so the signed-in diner's own id is the fallback.
 */
export function readCustomerOrdersTarget(state: unknown, storedCustomerId: number | null): number | null {
  const fromState = (state && typeof state === 'object' ? state : {}) as { customer_id?: unknown };
  return positiveId(fromState.customer_id) ?? storedCustomerId;
}
