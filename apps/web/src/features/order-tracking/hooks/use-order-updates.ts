import type { OrderUpdatePayload } from '@tableserve/contract/realtime';
import { useEffect, useRef, useState } from 'react';
import { createSocket } from '@/lib/socket';
import { parseOrderUpdate } from '../lib/order-update';

/** 'live' while connected; 'offline' once the connection dropped or was refused. */
export type LiveState = 'off' | 'connecting' | 'live' | 'offline';

/**
 * The wait between two tries to reach the server (docs/product/order-statuses.md#live-updates: attempts 1 s apart), rather
 * than Socket.IO's backoff doubling up to 5 s. After the 5 attempts, or after the server closed
 * the connection itself (a restart), the page starts trying again this soon: a diner waiting for
 * their order keeps following it once the server is back.
 */
export const RECONNECT_DELAY_MS = 1000;

type Options = {
  /** The restaurant the channel is opened for (docs/product/order-statuses.md#live-updates: a channel per restaurant id). */
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
 * Live order status (docs/product/order-statuses.md#progress-steps, docs/product/order-statuses.md#live-updates): one Socket.IO
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
    socket.io.reconnectionDelayMax(RECONNECT_DELAY_MS);
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connectAgainSoon = () => {
      clearTimeout(retry);
      retry = setTimeout(() => socket.connect(), RECONNECT_DELAY_MS);
    };
    // Whether updates may have been missed: the connection dropped, or failed before it first came up.
    let missedSome = false;
    socket.on('connect', () => {
      setState('live');
      if (missedSome) handlers.current.onReconnect?.();
      missedSome = false;
    });
    socket.on('disconnect', (reason) => {
      setState('offline');
      missedSome = true;
      // The server closed the connection (it is restarting): Socket.IO would not come back by itself.
      if (reason === 'io server disconnect') connectAgainSoon();
    });
    socket.on('connect_error', () => {
      setState('offline');
      missedSome = true;
    });
    socket.on('order_update', (message) => {
      const update = parseOrderUpdate(message);
      if (update) handlers.current.onUpdate(update);
    });
    socket.io.on('reconnect_failed', connectAgainSoon);
    return () => {
      clearTimeout(retry);
      socket.io.off('reconnect_failed', connectAgainSoon);
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [restaurantId, token]);

  return state;
}
