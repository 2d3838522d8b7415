/**
 * The real-time channel (owner-side §7 Socket, customer-side §4 Order status): Socket.IO over
 * websocket only, query restaurant_id, the bearer token in the handshake's auth.token.
 * Payloads are JSON text, as the spec's clients parse them.
 */
export const SOCKET_OPTIONS = {
  transports: ['websocket'],
  reconnection: true,
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
} as const;

export type OrderUpdatePayload = { order_id: number; status: string; total_amount: number };

export type ServerToClientEvents = {
  /** The full order, JSON text: to the restaurant's staff. */
  new_order: (order: string) => void;
  /** An OrderUpdatePayload, JSON text: to the staff and the ordering diner. */
  order_update: (update: string) => void;
};
