import type { DbOrTx } from '../../db/client';
import type { RestaurantClock } from '../../lib/business-day';
import type { DomainEventBus } from '../../lib/domain-events';
import { restaurantReads } from '../restaurants/restaurant-reads';
import { type OrderRow, ordersRepository as repo } from './orders.repository';
import { staffOrdersOf } from './staff-order';

export type Settlement = {
  /** Orders held until paid (timing 'order'): the staff and the kitchen see them now, as new. */
  revealed: OrderRow[];
  /** Orders the staff already saw, now paid (and Completed if they were Ready). */
  updated: OrderRow[];
  /** The ids of those that went from Ready to Completed just now. */
  completedIds: number[];
};

/**
 * A bill paid in full (docs/decisions/020-money-model.md#payments): an order held until payment is
 * released to the staff, and one that is Ready completes through the same status change as Mark
 * as Paid (one still cooking completes when staff hand it over). Its orders' payment states are
 * the ledger's (setPaymentStates). Runs in the transaction of the event that paid the bill, so it
 * happens once.
 */
export async function settleBill(tx: DbOrTx, billId: number, at: Date): Promise<Settlement> {
  const released = await repo.releaseAwaiting(tx, billId, at);
  const readyIds = released.filter((order) => order.status === 'Ready').map((order) => order.id);
  const completed =
    readyIds.length > 0 ? await repo.setStatusOfMany(tx, readyIds, 'Ready', 'Completed', at) : [];
  const completedById = new Map(completed.map((row) => [row.id, row]));
  const settled = released.map(({ wasAwaiting, ...row }) => ({
    wasAwaiting,
    row: completedById.get(row.id) ?? row,
  }));
  return {
    revealed: settled.filter((order) => order.wasAwaiting).map((order) => order.row),
    updated: settled.filter((order) => !order.wasAwaiting).map((order) => order.row),
    completedIds: completed.map((row) => row.id),
  };
}

/**
 * Writes each order's payment state as its bill's ledger reads it
 * (docs/product/payments.md#ledger), in the caller's transaction; answers the orders that changed.
 */
export const setPaymentStates = repo.setPaymentStates;

/** Tells the staff (and each order's diner) of a settlement, once it has committed. */
export async function announceSettlement(
  deps: { db: DbOrTx; events: DomainEventBus },
  restaurant: RestaurantClock & { id: number },
  { revealed, updated }: Pick<Settlement, 'revealed' | 'updated'>,
) {
  const rows = [...revealed, ...updated];
  if (rows.length === 0) return;
  const staffOrders = await staffOrdersOf(deps.db, rows, restaurant);
  staffOrders.forEach((order, index) => {
    const row = rows[index]!;
    const event = { restaurantId: restaurant.id, customerId: row.customerId, order };
    if (index < revealed.length) deps.events.emit('order.created', event);
    // Cancelled before it was ever paid (the unpaid-order sweep): the staff never saw it.
    else deps.events.emit('order.updated', { ...event, dinerOnly: row.awaitingPayment });
  });
}

/**
 * A refund the provider confirmed (committed): its order is announced again, so its diner's status
 * page shows what went back (docs/product/payments.md#order-changes) when Stripe confirms it after
 * the change was announced. Its diner hears it, and the staff unless they never saw the order; a
 * deleted order is left alone.
 */
export async function announceRefunded(
  deps: { db: DbOrTx; events: DomainEventBus },
  restaurantId: number,
  orderId: number,
) {
  const row = await repo.find(deps.db, restaurantId, orderId);
  const restaurant = row && (await restaurantReads.byId(deps.db, restaurantId));
  if (!row || !restaurant) return;
  const [order] = await staffOrdersOf(deps.db, [row], restaurant);
  deps.events.emit('order.updated', {
    restaurantId: restaurant.id,
    customerId: row.customerId,
    order: order!,
    dinerOnly: row.awaitingPayment,
  });
}
