import type { OrderUpdatePayload } from '@tableserve/contract/realtime';
import { useEffect, useRef, useState } from 'react';
import { createSocket } from '@/lib/socket';
import { parseOrderUpdate } from '../lib/order-update';

/** 'live' while connected; 'offline' once the connection dropped or was refused. */
export type LiveState = 'off' | 'connecting' | 'live' | 'offline';

type Options = {
  /** The restaurant the channel is opened for (customer-side §4: a channel per restaurant id). */
  restaurantId: number | null;
  /** The diner's bearer token; without one (or a restaurant) no connection is made. */
  token: string | null;
  /** Every well-formed order_update the server sends this diner; matching is the caller's. */
  onUpdate: (update: OrderUpdatePayload) => void;
  /** After a reconnection: delivery is at most once, so the caller refetches what it may have missed. */
  onReconnect?: () => void;
};

/**
 * Live order status (customer-side §4 Order status, §9; DESIGN.md §4 Real time): one Socket.IO
 * connection while the page is open, closed on unmount. Returns the connection state so the page
 * can say whether it is live.
 */
export function useOrderUpdates({ restaurantId, token, onUpdate, onReconnect }: Options): LiveState {
  // The latest callbacks, so a re-render with new closures does not reconnect.
  const handlers = useRef({ onUpdate, onReconnect });
  useEffect(() => {
    handlers.current = { onUpdate, onReconnect };
  });

  const enabled = restaurantId !== null && Boolean(token);
  const [state, setState] = useState<LiveState>(enabled ? 'connecting' : 'off');

  useEffect(() => {
    if (restaurantId === null || !token) {
      setState('off');
      return;
    }
    setState('connecting');
    const socket = createSocket({ restaurantId, token });
    socket.on('connect', () => setState('live'));
    socket.on('disconnect', () => setState('offline'));
    socket.on('connect_error', () => setState('offline'));
    socket.on('order_update', (message) => {
      const update = parseOrderUpdate(message);
      if (update) handlers.current.onUpdate(update);
    });
    const reconnected = () => handlers.current.onReconnect?.();
    socket.io.on('reconnect', reconnected);
    return () => {
      socket.io.off('reconnect', reconnected);
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [restaurantId, token]);

  return state;
}
