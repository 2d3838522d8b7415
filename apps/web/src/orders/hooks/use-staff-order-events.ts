import type { OpenBillsResponse } from '@tableserve/contract/bills';
import { StaffOrder } from '@tableserve/contract/owner-orders';
import {
  BillUpdatedPayload,
  OrderDeletedPayload,
  OrderUpdatePayload,
  parsePayload,
} from '@tableserve/contract/realtime-payloads';
import { useQueryClient } from '@tanstack/react-query';
import { type LiveState, useLiveSocket } from '@/hooks/use-live-socket';
import { staffMenuKey } from '../api/menu-items';
import { withBill } from '../api/open-bills';
import type { OrderSummaryQuery } from '../api/order-summary';
import { staffOrderKeys } from '../api/staff-order-keys';
import { applyUpdate, removeOrder } from '../lib/order-lists';

type Options = {
  restaurantId: number;
  token: string;
  /** Called for each order the restaurant receives while the screen is open (sound, highlight). */
  onNewOrder?: (order: StaffOrder) => void;
};

/**
 * Where a new order goes in a cached list: last in the kitchen's (oldest first), first on the
 * first page of a newest-first list that would show it, nowhere else (the refetch decides).
 */
function placeOfNewOrder(queryKey: readonly unknown[]): 'first' | 'last' | null {
  const [, , screen, params] = queryKey;
  if (screen === 'kitchen') return 'last';
  if (screen === 'management') return params === 1 ? 'first' : null;
  if (screen !== 'summary') return null;
  const query = params as OrderSummaryQuery;
  const shown = query.filter === 'all' || query.filter === 'pending';
  return query.page === 1 && query.sort === 'newest' && !query.search.trim() && shown ? 'first' : null;
}

function withNewOrder(data: unknown, order: StaffOrder, place: 'first' | 'last') {
  const list = data as { orders: StaffOrder[] } | undefined;
  if (!list || list.orders.some((listed) => listed.order_id === order.order_id)) return data;
  return { ...list, orders: place === 'first' ? [order, ...list.orders] : [...list.orders, order] };
}

/**
 * The restaurant's staff room (docs/product/order-statuses.md#live-updates):
 * every order screen's cached lists follow new_order, order_update and order_deleted (and the
 * Tables panel bill.updated) at once, and
 * are then refetched from the server (counters, paging and filters stay exact). Delivery is at
 * most once, so every (re)connection refetches everything.
 */
export function useStaffOrderEvents({ restaurantId, token, onNewOrder }: Options): LiveState {
  const queryClient = useQueryClient();
  const key = staffOrderKeys.all(restaurantId);
  const refetchAll = () => void queryClient.invalidateQueries({ queryKey: key });

  return useLiveSocket({
    restaurantId,
    token,
    // The first connection too: an order placed after the lists were fetched but before the
    // socket joined the room is fetched then.
    catchUpOnFirstConnection: true,
    onCatchUp: refetchAll,
    on: {
      new_order: (message) => {
        const order = parsePayload(StaffOrder, message);
        if (!order) return;
        for (const query of queryClient.getQueryCache().findAll({ queryKey: key })) {
          const place = placeOfNewOrder(query.queryKey);
          if (place) queryClient.setQueryData(query.queryKey, withNewOrder(query.state.data, order, place));
        }
        onNewOrder?.(order);
        refetchAll();
      },
      order_update: (message) => {
        const update = parsePayload(OrderUpdatePayload, message);
        if (!update) return;
        queryClient.setQueriesData({ queryKey: key }, (data: unknown) => applyUpdate(data, update));
        refetchAll();
      },
      // A dish sold out or back, by an order or another screen's tap: the menus the staff pick from.
      menu_item_sold_out: () => void queryClient.invalidateQueries({ queryKey: staffMenuKey(restaurantId) }),
      // A table's bill: paid, outstanding and tips follow at once (docs/decisions/020-money-model.md).
      'bill.updated': (message) => {
        const bill = parsePayload(BillUpdatedPayload, message);
        if (!bill) return;
        queryClient.setQueryData(
          staffOrderKeys.openBills(restaurantId),
          (data: OpenBillsResponse | undefined) => withBill(data, bill),
        );
      },
      order_deleted: (message) => {
        const deleted = parsePayload(OrderDeletedPayload, message);
        if (!deleted) return;
        queryClient.setQueriesData({ queryKey: key }, (data: unknown) => removeOrder(data, deleted));
        refetchAll();
      },
    },
  });
}
