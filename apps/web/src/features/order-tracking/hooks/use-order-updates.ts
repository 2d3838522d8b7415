import { OrderUpdatePayload, parsePayload } from '@tableserve/contract/realtime-payloads';
import { type LiveState, useLiveSocket } from '@/hooks/use-live-socket';

type Options = {
  restaurantId: number | null;
  /** The diner's bearer token; without one (or a restaurant) no connection is made. */
  token: string | null;
  /** Every well-formed order_update the server sends this diner; matching is the caller's. */
  onUpdate: (update: OrderUpdatePayload) => void;
  /**
   * After a reconnection, or a first connection that took more than one try: delivery is at most
   * once, so the caller refetches what it may have missed.
   */
  onReconnect?: () => void;
};

/**
 * Live order status (docs/product/order-statuses.md#progress-steps, docs/product/order-statuses.md#live-updates):
 * the diner's channel hears only order_update; a malformed one is ignored. Returns the
 * connection state so the page can say whether it is live.
 */
export function useOrderUpdates({ restaurantId, token, onUpdate, onReconnect }: Options): LiveState {
  return useLiveSocket({
    restaurantId,
    token,
    on: {
      order_update: (message) => {
        const update = parsePayload(OrderUpdatePayload, message);
        if (update) onUpdate(update);
      },
    },
    onCatchUp: onReconnect,
  });
}
