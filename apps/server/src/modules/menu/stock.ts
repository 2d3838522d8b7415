import { orderServerMessages as text } from '@tableserve/contract/order';
import type { Db } from '../../db/client';
import { conflict } from '../../lib/app-error';
import type { DomainEventBus } from '../../lib/domain-events';
import { menuRepository, type StockChange, type StockCount } from './menu.repository';
import { announceSoldOut, isOrderable } from './menu.service';

/** Issue 12 part 4: what orders do to the counts of counted items (ADR 015). */

export type ItemQuantity = { menuItemId: number; quantity: number };

/** One entry per item: a cart may list an item on two lines, and its count changes once. */
export function quantitiesByItem(lines: readonly ItemQuantity[]): ItemQuantity[] {
  const quantities = new Map<number, number>();
  for (const line of lines) {
    quantities.set(line.menuItemId, (quantities.get(line.menuItemId) ?? 0) + line.quantity);
  }
  return [...quantities].map(([menuItemId, quantity]) => ({ menuItemId, quantity }));
}

/** What an edit changes: more of an item is taken, fewer given back, the same left alone. */
export function stockDelta(before: readonly ItemQuantity[], after: readonly ItemQuantity[]): ItemQuantity[] {
  const negated = before.map((line) => ({ ...line, quantity: -line.quantity }));
  return quantitiesByItem([...after, ...negated]).filter((change) => change.quantity !== 0);
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
