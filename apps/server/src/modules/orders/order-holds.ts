import type { DbOrTx } from '../../db/client';
import { type ItemQuantity, planHolds } from '../menu/stock';
import { changeCounts, lockCounted, type StockChange } from '../menu/stock-counts';
import { ordersRepository as repo } from './orders.repository';

/**
 * Replaces what the order's lines hold of their counts by what `after` needs (planHolds), in the
 * caller's transaction with the order locked (its lines cannot change under it). The counted
 * items of both are locked first, in id order like every order, and only then are the lines'
 * holds read: a count set meanwhile has forfeited them, and is not raised by them.
 */
export async function rehold<L extends ItemQuantity>(
  tx: DbOrTx,
  restaurantId: number,
  orderId: number,
  after: readonly L[],
) {
  const itemIdsOf = (lines: readonly { menuItemId: number | null }[]) =>
    lines.flatMap(({ menuItemId }) => (menuItemId === null ? [] : [menuItemId]));
  const itemIds = itemIdsOf(await repo.linesOf(tx, [orderId]));
  const counted = await lockCounted(tx, restaurantId, [...itemIds, ...itemIdsOf(after)]);
  const before = (await repo.linesOf(tx, [orderId])).flatMap(({ menuItemId, quantity, stockTaken }) =>
    menuItemId === null ? [] : [{ menuItemId, quantity, stockTaken }],
  );
  const plan = planHolds(before, after, new Set(counted.map((item) => item.id)));
  return { lines: plan.lines, stock: await changeCounts(tx, counted, plan.changes) };
}

/**
 * A cancelled or deleted order that never reached Ready was never served: what its lines took
 * goes back to their counts, and no more (ADR 015). Called in the transaction that moved it, so
 * it happens once; its lines then hold nothing. Staff cancellations and the unpaid-order sweep
 * both give back through here.
 */
export async function giveBack(tx: DbOrTx, restaurantId: number, orderId: number): Promise<StockChange[]> {
  const { stock } = await rehold(tx, restaurantId, orderId, []);
  await repo.releaseHolds(tx, orderId);
  return stock.changed;
}
