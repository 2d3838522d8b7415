import { ORDER_TRANSITIONS, type OrderStatus } from '@tableserve/contract/order';
import type { StaffOrder } from '@tableserve/contract/owner-orders';

/** What the pass needs to see, in the order it needs it (docs/product/staff-screens.md#kitchen). */
export type KitchenBoard = {
  /** Pending and Approved: still to cook, the longest-waiting first. */
  toCook: StaffOrder[];
  /** Ready and waiting to be served or picked up, the one ready longest first. */
  ready: StaffOrder[];
  /** Completed and Cancelled today, the latest first (kept out of the way). */
  done: StaffOrder[];
};

/** docs/product/staff-screens.md#kitchen: 'Mark as Ready' is offered wherever the status machine allows Ready. */
export const canMarkReady = (status: OrderStatus) => ORDER_TRANSITIONS[status].includes('Ready');

const time = (instant: string) => Date.parse(instant) || 0;
const byPlaced = (a: StaffOrder, b: StaffOrder) =>
  time(a.created_at) - time(b.created_at) || a.order_id - b.order_id;
const byLastChange = (a: StaffOrder, b: StaffOrder) =>
  time(a.updated_at) - time(b.updated_at) || a.order_id - b.order_id;

/** Splits today's orders into the board's three groups, each in its own order. */
export function kitchenBoard(orders: readonly StaffOrder[]): KitchenBoard {
  const toCook = orders.filter((order) => canMarkReady(order.status)).sort(byPlaced);
  const ready = orders.filter((order) => order.status === 'Ready').sort(byLastChange);
  const done = orders
    .filter((order) => order.status === 'Completed' || order.status === 'Cancelled')
    .sort((a, b) => byLastChange(b, a));
  return { toCook, ready, done };
}

/**
 * The order the kitchen bumped last, which Recall brings back to cooking (ADR 016): the Ready
 * order changed most recently. Pressed again, Recall takes the one bumped before it.
 */
export const lastBumped = (board: KitchenBoard): StaffOrder | undefined => board.ready.at(-1);
