import type { StaffOrder } from '@tableserve/contract/owner-orders';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { createSocket } from '@/lib/socket';
import type { OrderSummaryQuery } from '../api/order-summary';
import { staffOrderKeys } from '../api/staff-order-keys';
import { parseNewOrder, parseOrderDeleted, parseStaffOrderUpdate } from '../lib/order-events';
import { applyUpdate, removeOrder } from '../lib/order-lists';

/** 'live' while connected; 'offline' while the connection is down (it keeps trying). */
export type LiveState = 'connecting' | 'live' | 'offline';

/**
 * After Socket.IO's 5 reconnection attempts (owner-side §9) a staff screen, open all evening,
 * starts a fresh connection this often rather than giving up.
 */
const RETRY_AFTER_GIVING_UP_MS = 5000;

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
 * The restaurant's staff room (owner-side §4 Live updates, §7 Socket; DESIGN.md §4 Real time):
 * every order screen's cached lists follow new_order, order_update and order_deleted at once, and
 * are then refetched from the server (counters, paging and filters stay exact). Delivery is at
 * most once, so a reconnection refetches everything.
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
    let socket = connect();

    function connect() {
      const next = createSocket({ restaurantId, token });
      next.on('connect', () => setState('live'));
      next.on('disconnect', () => setState('offline'));
      next.on('connect_error', () => setState('offline'));
      next.io.on('reconnect', refetchAll);
      next.io.on('reconnect_failed', () => {
        retry = setTimeout(() => {
          close(next);
          socket = connect();
          socket.once('connect', refetchAll);
        }, RETRY_AFTER_GIVING_UP_MS);
      });
      next.on('new_order', (message) => {
        const order = parseNewOrder(message);
        if (!order) return;
        for (const query of queryClient.getQueryCache().findAll({ queryKey: key })) {
          const place = placeOfNewOrder(query.queryKey);
          if (place) queryClient.setQueryData(query.queryKey, withNewOrder(query.state.data, order, place));
        }
        handlers.current.onNewOrder?.(order);
        refetchAll();
      });
      next.on('order_update', (message) => {
        const update = parseStaffOrderUpdate(message);
        if (!update) return;
        queryClient.setQueriesData({ queryKey: key }, (data: unknown) => applyUpdate(data, update));
        refetchAll();
      });
      next.on('order_deleted', (message) => {
        const deleted = parseOrderDeleted(message);
        if (!deleted) return;
        queryClient.setQueriesData({ queryKey: key }, (data: unknown) => removeOrder(data, deleted));
        refetchAll();
      });
      return next;
    }

    function close(closing: ReturnType<typeof createSocket>) {
      closing.io.removeAllListeners();
      closing.removeAllListeners();
      closing.disconnect();
    }

    return () => {
      clearTimeout(retry);
      close(socket);
    };
  }, [queryClient, restaurantId, token]);

  return state;
}
