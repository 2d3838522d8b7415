import type { MenuItem } from './menu';
import type { StaffOrder } from './owner-orders';

/**
 * The real-time channel (docs/product/order-statuses.md#live-updates, docs/product/order-statuses.md#progress-steps): Socket.IO over
 * websocket only, query restaurant_id, the bearer token in the handshake's auth.token (or query token).
 * Payloads are JSON text, as the spec's clients parse them.
 */
export const SOCKET_OPTIONS = {
  transports: ['websocket'],
  reconnection: true,
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
} as const;

/** The reason a refused handshake gives in the client's connect_error. */
export const SOCKET_UNAUTHORIZED = 'unauthorized';

/** new_order: the full order, as the staff's order lists show it (read with the StaffOrder schema). */
export type NewOrderPayload = StaffOrder;
/**
 * order_update and order_deleted: their schemas and types are in realtime-payloads.ts, apart from
 * this file, so the socket's code (which an open menu loads) does not bring zod along.
 */
export type { BillUpdatedPayload, OrderDeletedPayload, OrderUpdatePayload } from './realtime-payloads';

/**
 * A diner's socket without an account (or with one) may name the table it sits at, with the
 * table's code as its QR code carries it (auth.table_code: { token, table, key }, table as
 * digits): it then hears bill.updated for that table's bills. A code that is not the
 * restaurant's, a table beyond its tables, or a key that is not the table's (none included:
 * docs/decisions/025-table-keys.md) is refused.
 */
export type SocketTableCode = { token: string; table: string; key: string };

/**
 * menu_item_sold_out (docs/decisions/015-stock-and-sold-out.md): an item left the diner's menu (sold out, or switched
 * off) or came back. To the restaurant's staff and to every open menu of the restaurant, which
 * listen with query menu=<restaurant id> and no token. An item that came back comes with its
 * diner's fields, so a menu shows it without asking the server (which another instance may not
 * have refreshed yet).
 */
export type MenuItemSoldOutPayload = { menu_id: number; sold_out: boolean; item?: MenuItem };

export type ServerToClientEvents = {
  /** A NewOrderPayload, JSON text: to the restaurant's staff. */
  new_order: (order: string) => void;
  /** An OrderUpdatePayload, JSON text: to the staff and the ordering diner. */
  order_update: (update: string) => void;
  /** An OrderDeletedPayload, JSON text: to the restaurant's staff. */
  order_deleted: (deleted: string) => void;
  /** A MenuItemSoldOutPayload, JSON text: to the staff and every open menu of the restaurant. */
  menu_item_sold_out: (change: string) => void;
  /** A BillUpdatedPayload, JSON text: to the staff with orders.view, the table's and the bill's diners. */
  'bill.updated': (bill: string) => void;
};
