import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { LiveState } from '@/hooks/use-live-socket';
import { applyOrderUpdate, type UpdatableOrder } from '../lib/order-update';
import { useOrderUpdates } from './use-order-updates';

type Options = {
  restaurantId: number;
  token: string | null;
  /** The query that holds the one order the page shows. */
  queryKey: QueryKey;
  /** Reloads that query after a reconnection, since updates sent meanwhile are lost. */
  refetch: () => unknown;
};

/**
 * One order's cached data kept live: only an update about this order changes it
 * (docs/product/order-statuses.md#live-updates). Returns the connection state for the page's live badge.
 */
export function useLiveOrder<Order extends UpdatableOrder>({
  restaurantId,
  token,
  queryKey,
  refetch,
}: Options): LiveState {
  const queryClient = useQueryClient();
  return useOrderUpdates({
    restaurantId,
    token,
    onUpdate: (update) =>
      queryClient.setQueryData<Order>(queryKey, (current) =>
        current ? applyOrderUpdate(current, update) : current,
      ),
    onReconnect: () => void refetch(),
  });
}
