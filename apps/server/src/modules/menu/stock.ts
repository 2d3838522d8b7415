import { orderServerMessages as text } from '@tableserve/contract/order';
import type { Db } from '../../db/client';
import { conflict } from '../../lib/app-error';
import type { DomainEventBus } from '../../lib/domain-events';
import { menuRepository, type StockChange, type StockCount } from './menu.repository';
import { announceSoldOut, isOrderable } from './menu.service';

/** docs/decisions/015-stock-and-sold-out.md: what orders do to the counts of counted items (ADR 015). */

export type ItemQuantity = { menuItemId: number; quantity: number };

/** An order line's item and quantity, and the portions of the item's count it holds. */
export type HeldLine = ItemQuantity & { stockTaken: number };

const sumByItem = <L extends ItemQuantity>(lines: readonly L[], amount: (line: L) => number) => {
  const sums = new Map<number, number>();
  for (const line of lines) sums.set(line.menuItemId, (sums.get(line.menuItemId) ?? 0) + amount(line));
  return sums;
};

/** One entry per item: a cart may list an item on two lines, and its count changes once. */
export function quantitiesByItem(lines: readonly ItemQuantity[]): ItemQuantity[] {
  return [...sumByItem(lines, (line) => line.quantity)].map(([menuItemId, quantity]) => ({
    menuItemId,
    quantity,
  }));
}

/**
 * What replacing an order's lines `before` by `after` does to the counts (ADR 015, amended): one
 * change per counted item (a positive quantity is taken, a negative one given back) and the new
 * lines with what each holds. More of an item is taken; fewer gives back at most what the old
 * lines hold: portions they never took (the item was not counted then, or a count set since
 * forfeited them) are not the count's to get back. An uncounted item is left alone and holds
 * nothing. Placing an order replaces no lines; cancelling one replaces its lines by none.
 */
export function planHolds<L extends ItemQuantity>(
  before: readonly HeldLine[],
  after: readonly L[],
  counted: ReadonlySet<number>,
): { changes: ItemQuantity[]; lines: Array<L & { stockTaken: number }> } {
  const wanted = sumByItem(after, (line) => line.quantity);
  const had = sumByItem(before, (line) => line.quantity);
  const held = sumByItem(before, (line) => line.stockTaken);
  const changes: ItemQuantity[] = [];
  const toHold = new Map<number, number>();
  for (const menuItemId of new Set([...had.keys(), ...wanted.keys()])) {
    if (!counted.has(menuItemId)) continue;
    const delta = (wanted.get(menuItemId) ?? 0) - (had.get(menuItemId) ?? 0);
    const holding = held.get(menuItemId) ?? 0;
    const quantity = delta > 0 ? delta : -Math.min(-delta, holding);
    if (quantity !== 0) changes.push({ menuItemId, quantity });
    toHold.set(menuItemId, holding + quantity);
  }
  const lines = after.map((line) => {
    const left = toHold.get(line.menuItemId) ?? 0;
    const stockTaken = Math.min(line.quantity, left);
    toHold.set(line.menuItemId, left - stockTaken);
    return { ...line, stockTaken };
  });
  return { changes, lines };
}

/** The refusal of an order wanting more than is left, naming the (first) item. */
export function refuseShort(short: readonly StockCount[]): void {
  const [item] = short;
  if (!item) return;
  throw conflict(
    item.stock === 0 ? text.soldOut(item.name) : text.onlyLeft(item.name, item.stock),
    'SOLD_OUT',
  );
}

/**
 * After the change committed: diners' menus are published again when an item reached 0 or left
 * it, and open menus hear it at once. Most orders change no item's orderability, and cost nothing.
 */
export async function announceStockChanges(
  deps: { db: Db; events: DomainEventBus },
  restaurantId: number,
  changed: readonly StockChange[],
) {
  const turned = changed.filter((item) => (item.before === 0) !== (item.stock === 0));
  if (turned.length === 0) return;
  deps.events.emit('restaurant.changed', { restaurantId });
  for (const item of turned) {
    if (item.stock === 0) {
      deps.events.emit('menu.sold_out', { restaurantId, menuId: item.id, soldOut: true });
      continue;
    }
    const row = await menuRepository.findLive(deps.db, item.id, restaurantId);
    if (row && isOrderable(row)) announceSoldOut(deps.events, restaurantId, row);
  }
}
