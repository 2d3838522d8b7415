import { paths } from '@/config/paths';

export type OrderStatusTarget = { orderId: number; restaurantId: number; token: string };

/** docs/product/web-app.md#routes: /customer/order-status takes orderId, restaurant_id and token. */
export function orderStatusUrl({ orderId, restaurantId, token }: OrderStatusTarget): string {
  const query = new URLSearchParams({
    orderId: String(orderId),
    restaurant_id: String(restaurantId),
    token,
  });
  return `${paths.orderStatus}?${query}`;
}

/** The same values in navigation state, as the spec's client passes them. */
export function orderStatusState({ orderId, restaurantId, token }: OrderStatusTarget) {
  return { orderId, restaurant_id: restaurantId, token };
}
