import { orderServerMessages as text } from '@tableserve/contract/order';
import { badRequest, conflict } from '../../lib/app-error';
import type { MenuItemRow } from '../menu/menu.repository';

/**
 * orders.total_cents is a PostgreSQL integer: a total above it cannot be stored. Within the
 * contract's limits (50 lines of 50 at up to $100,000) a cart can reach $250M, which answered
 * 500 until the fuzz suite's money property found it (src/test/fuzz.test.ts); now it is a 400.
 */
export const LARGEST_TOTAL_CENTS = 2_147_483_647;
const tooLarge = 'This order is too large to place at once. Please split it into smaller orders.';

export type WantedLine = { menuItemId: number; quantity: number };
export type PricedLine = {
  menuItemId: number;
  productName: string;
  unitPriceCents: number;
  quantity: number;
};

/**
 * Prices an order's lines from the restaurant's own menu (never the client's prices): each item
 * must be on this restaurant's menu and available. Lines keep the name and price of the moment.
 * `items` is the restaurant's live menu, as published (published-menus.ts).
 */
export function priceLines(
  items: ReadonlyMap<number, MenuItemRow>,
  wanted: WantedLine[],
): { lines: PricedLine[]; totalCents: number } {
  const lines = wanted.map((line) => {
    const item = items.get(line.menuItemId);
    if (!item) throw badRequest(text.notOnMenu(line.menuItemId), 'NOT_ON_MENU');
    if (!item.available) throw conflict(text.unavailable(item.name), 'ITEM_UNAVAILABLE');
    return {
      menuItemId: item.id,
      productName: item.name,
      unitPriceCents: item.priceCents,
      quantity: line.quantity,
    };
  });
  const totalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  if (totalCents > LARGEST_TOTAL_CENTS) throw badRequest(tooLarge, 'ORDER_TOO_LARGE');
  return { lines, totalCents };
}
