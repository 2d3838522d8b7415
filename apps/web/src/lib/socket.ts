import { type ServerToClientEvents, SOCKET_OPTIONS } from '@tableserve/contract/realtime';
import { io, type Socket } from 'socket.io-client';

/** The app's socket: the server only emits (realtime.ts ServerToClientEvents), clients never send. */
export type AppSocket = Socket<ServerToClientEvents, Record<string, never>>;

/**
 * The one Socket.IO client factory (docs/product/order-statuses.md#progress-steps, docs/product/order-statuses.md#live-updates):
 * the API's own origin, websocket only, 5 reconnection attempts 1 s apart, the restaurant in the
 * query and the bearer token in the handshake's auth.token (kept out of URLs and logs).
 *
 * forceNew gives every caller its own connection: Socket.IO would otherwise share one manager per
 * origin, silently keep the first caller's restaurant_id query, and close it under the others.
 *
 * A diner at a table without an account (a bill, ADR 020) proves the table with its code instead:
 * auth.table_code, the menu token, the table number and the table's key
 * (docs/decisions/025-table-keys.md).
 */
export function createSocket({
  restaurantId,
  token,
}: {
  restaurantId: number;
  token: string | SocketTableCode;
}): AppSocket {
  return io(window.location.origin, {
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    forceNew: true,
    query: { restaurant_id: String(restaurantId) },
    auth:
      typeof token === 'string'
        ? { token }
        : { table_code: { token: token.token, table: String(token.table), key: token.key } },
  });
}

/** A table's code: the menu token of its QR code, the table's number and its key. */
export type SocketTableCode = { token: string; table: number; key: string };

/**
 * An open menu's connection (docs/decisions/015-stock-and-sold-out.md): no login, only the restaurant, to hear which dishes
 * sell out or come back. It keeps trying after Socket.IO's attempts: a menu stays open for a meal.
 */
export function createMenuSocket(restaurantId: number): AppSocket {
  return io(window.location.origin, {
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    forceNew: true,
    reconnectionAttempts: Number.POSITIVE_INFINITY,
    reconnectionDelayMax: 30_000,
    query: { menu: String(restaurantId) },
  });
}
