import type { StaffOrder } from '@tableserve/contract/owner-orders';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { createSocket } from '@/lib/socket';
import { staffMenuKey } from '../api/menu-items';
import type { OrderSummaryQuery } from '../api/order-summary';
import { staffOrderKeys } from '../api/staff-order-keys';
import { parseNewOrder, parseOrderDeleted, parseStaffOrderUpdate } from '../lib/order-events';
import { applyUpdate, removeOrder } from '../lib/order-lists';

/** 'live' while connected; 'offline' while the connection is down (it keeps trying). */
export type LiveState = 'connecting' | 'live' | 'offline';

/**
 * How long a staff screen waits between two tries to reach the server (docs/product/order-statuses.md#status-machine: attempts
 * 1 s apart). Socket.IO's own backoff would double the delay up to 5 s, which a restart of the
 * server would make the screens wait out; after its 5 attempts, or after the server closed the
 * connection itself (a restart), a screen open all evening starts again this soon rather than
 * giving up. The delays have jitter, so a room of screens does not come back all at once.
 */
export const RECONNECT_DELAY_MS = 1000;

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
 * every order screen's cached lists follow new_order, order_update and order_deleted at once, and
 * are then refetched from the server (counters, paging and filters stay exact). Delivery is at
 * most once, so every (re)connection refetches everything.
 */
export function useStaffOrderEvents({ restaurantId, token, onNewOrder }: Options): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  const handlers = useRef({ onNewOrder });
  useEffect(() => {
    handlers.current = { onNewOrder };
  });

  useEffect(() => {
    const key = staffOrderKeys.all(restaurantId);
    const refetchAll = () => void queryClient.invalidateQueries({ queryKey: key });
    let retry: ReturnType<typeof setTimeout> | undefined;
    const socket = createSocket({ restaurantId, token });
    socket.io.reconnectionDelayMax(RECONNECT_DELAY_MS);
    const connectAgainSoon = () => {
      clearTimeout(retry);
      retry = setTimeout(() => socket.connect(), RECONNECT_DELAY_MS);
    };

    // Every connection, the first included, refetches: an order placed after the lists were
    // fetched but before the socket joined the room, or while it was away, is fetched then.
    socket.on('connect', () => {
      setState('live');
      refetchAll();
    });
    socket.on('disconnect', (reason) => {
      setState('offline');
      // The server closed the connection (it is restarting): Socket.IO would not come back by itself.
      if (reason === 'io server disconnect') connectAgainSoon();
    });
    socket.on('connect_error', () => setState('offline'));
    socket.io.on('reconnect_failed', connectAgainSoon);
    socket.on('new_order', (message) => {
      const order = parseNewOrder(message);
      if (!order) return;
      for (const query of queryClient.getQueryCache().findAll({ queryKey: key })) {
        const place = placeOfNewOrder(query.queryKey);
        if (place) queryClient.setQueryData(query.queryKey, withNewOrder(query.state.data, order, place));
      }
      handlers.current.onNewOrder?.(order);
      refetchAll();
    });
    socket.on('order_update', (message) => {
      const update = parseStaffOrderUpdate(message);
      if (!update) return;
      queryClient.setQueriesData({ queryKey: key }, (data: unknown) => applyUpdate(data, update));
      refetchAll();
    });
    // A dish sold out or back, by an order or another screen's tap: the menus the staff pick from.
    socket.on(
      'menu_item_sold_out',
      () => void queryClient.invalidateQueries({ queryKey: staffMenuKey(restaurantId) }),
    );
    socket.on('order_deleted', (message) => {
      const deleted = parseOrderDeleted(message);
      if (!deleted) return;
      queryClient.setQueriesData({ queryKey: key }, (data: unknown) => removeOrder(data, deleted));
      refetchAll();
    });

    return () => {
      clearTimeout(retry);
      socket.io.removeAllListeners();
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [queryClient, restaurantId, token]);

  return state;
}
