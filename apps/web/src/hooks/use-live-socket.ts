import type { ServerToClientEvents } from '@tableserve/contract/realtime';
import { useEffect, useRef, useState } from 'react';
import { createSocket, type SocketTableCode } from '@/lib/socket';

/**
 * A page's live channel: 'off' without one (no restaurant or token), 'live' while connected,
 * 'offline' once the connection dropped or was refused (it keeps trying).
 */
export type LiveState = 'off' | 'connecting' | 'live' | 'offline';

/**
 * The wait between two tries to reach the server (docs/product/order-statuses.md#live-updates:
 * attempts 1 s apart), rather than Socket.IO's backoff doubling up to 5 s, which a restart of the
 * server would make every page wait out. After its 5 attempts, or after the server closed the
 * connection itself (a restart), the page starts again this soon rather than giving up: a diner
 * waiting for an order, or a screen open all evening, follows it again once the server is back.
 * The delays have jitter, so a room of screens does not come back all at once.
 */
export const RECONNECT_DELAY_MS = 1000;
/** After the server refused a connection: long enough not to hammer it with a dead session. */
const REFUSED_RETRY_MS = 5000;

/** What a page does with each event it listens to, given the event's JSON text as sent. */
export type LiveHandlers = { [Event in keyof ServerToClientEvents]?: (message: string) => void };

type Options = {
  /** The restaurant the channel is opened for (docs/product/order-statuses.md#live-updates: a channel per restaurant id). */
  restaurantId: number | null;
  /**
   * The bearer token, or a table's code for a diner without an account; without one (or a
   * restaurant) no connection is made.
   */
  token: string | SocketTableCode | null;
  /** The events listened to: those named when the connection opens; the latest handlers run. */
  on: LiveHandlers;
  /**
   * Called when events may have been missed, so the page fetches again what it shows: delivery
   * is at most once. After a reconnection, or a first connection that took more than one try.
   */
  onCatchUp?: () => void;
  /** Also after the first connection: for data fetched before the socket joined its room. */
  catchUpOnFirstConnection?: boolean;
};

/**
 * The one live connection of a page (docs/product/order-statuses.md#live-updates): a Socket.IO
 * connection while the page is open, closed on unmount, coming back by itself. Returns its state
 * for the page's LiveBadge.
 */
export function useLiveSocket({
  restaurantId,
  token,
  on,
  onCatchUp,
  catchUpOnFirstConnection = false,
}: Options): LiveState {
  // The latest callbacks, so a re-render with new closures does not reconnect.
  const handlers = useRef({ on, onCatchUp });
  useEffect(() => {
    handlers.current = { on, onCatchUp };
  });

  const enabled = restaurantId !== null && Boolean(token);
  const [state, setState] = useState<LiveState>(enabled ? 'connecting' : 'off');
  // A table's code by value, so a new object for the same table does not reconnect.
  const bearer = typeof token === 'string' ? token : null;
  const tableToken = typeof token === 'string' ? null : (token?.token ?? null);
  const tableNumber = typeof token === 'string' ? null : (token?.table ?? null);
  const tableKey = typeof token === 'string' ? null : (token?.key ?? null);

  useEffect(() => {
    const credential =
      bearer ??
      (tableToken && tableNumber !== null && tableKey
        ? { token: tableToken, table: tableNumber, key: tableKey }
        : null);
    if (restaurantId === null || !credential) {
      setState('off');
      return;
    }
    setState('connecting');
    const socket = createSocket({ restaurantId, token: credential });
    socket.io.reconnectionDelayMax(RECONNECT_DELAY_MS);
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connectAgainSoon = (delayMs = RECONNECT_DELAY_MS) => {
      clearTimeout(retry);
      retry = setTimeout(() => socket.connect(), delayMs);
    };
    // Whether events may have been missed: the connection dropped, or failed before it first came up.
    let missedSome = catchUpOnFirstConnection;
    socket.on('connect', () => {
      setState('live');
      if (missedSome) handlers.current.onCatchUp?.();
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
      // Refused by the server, not lost: the session may have ended (a removed member, a revoked
      // device, docs/product/staff.md#roles). Socket.IO will not retry by itself; the catch-up's
      // calls learn why (a 401 signs out, a 403 shows the reason), and the socket tries again later.
      if (!socket.active) {
        handlers.current.onCatchUp?.();
        connectAgainSoon(REFUSED_RETRY_MS);
      }
    });
    const afterFailedReconnects = () => connectAgainSoon();
    socket.io.on('reconnect_failed', afterFailedReconnects);
    for (const event of Object.keys(handlers.current.on) as (keyof ServerToClientEvents)[])
      socket.on(event, (message) => handlers.current.on[event]?.(message));

    return () => {
      clearTimeout(retry);
      socket.io.off('reconnect_failed', afterFailedReconnects);
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [restaurantId, bearer, tableToken, tableNumber, tableKey, catchUpOnFirstConnection]);

  return state;
}
