import type { OrderLine } from '@tableserve/contract/order';
import { orderServerMessages as text } from '@tableserve/contract/order';
import type { StoredChosenOption } from '../../db/schema';
import { badRequest, conflict } from '../../lib/app-error';
import { centsToDollars } from '../../lib/money';
import type { MenuItemRow } from '../menu/menu-reads';
import { chooseOptions, toChosenOption } from '../menu/options';

/**
 * orders.total_cents is a PostgreSQL integer: a total above it cannot be stored. Within the
 * contract's limits (50 lines of 50 at up to $100,000) a cart can reach $250M, which answered
 * 500 until the fuzz suite's money property found it (src/test/fuzz.test.ts); now it is a 400.
 */
export const LARGEST_TOTAL_CENTS = 2_147_483_647;
const tooLarge = 'This order is too large to place at once. Please split it into smaller orders.';

/** A total the orders table cannot hold is a 400, never a 500. */
export function refuseTooLarge(totalCents: number) {
  if (totalCents > LARGEST_TOTAL_CENTS) throw badRequest(tooLarge, 'ORDER_TOO_LARGE');
}

export type WantedLine = { menuItemId: number; quantity: number; options?: readonly number[] | undefined };
export type PricedLine = {
  menuItemId: number;
  productName: string;
  /** The item's price and its chosen options' deltas. */
  unitPriceCents: number;
  quantity: number;
  options: StoredChosenOption[];
};

/**
 * Prices an order's lines from the restaurant's own menu (never the client's prices): each item
 * must be on this restaurant's menu and available, its options chosen by its groups' rules. Lines
 * keep the name, price and options of the moment.
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
    const options = chooseOptions(item, line.options ?? []);
    return {
      menuItemId: item.id,
      productName: item.name,
      unitPriceCents: options.reduce((sum, option) => sum + option.priceDeltaCents, item.priceCents),
      quantity: line.quantity,
      options,
    };
  });
  const totalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  refuseTooLarge(totalCents);
  return { lines, totalCents };
}

/** A stored line as every reader gets it: the unit price with its options (and its tax), in dollars. */
export function toOrderLine(
  line: Pick<PricedLine, 'productName' | 'unitPriceCents' | 'quantity' | 'options'> & {
    menuItemId: number | null;
    taxName: string | null;
    taxCents: number;
  },
): OrderLine {
  return {
    menu_item_id: line.menuItemId ?? 0,
    product_name: line.productName,
    quantity: line.quantity,
    price: centsToDollars(line.unitPriceCents),
    options: line.options.map(toChosenOption),
    // Only a taxed line says so: an untaxed one reads as it did before taxes.
    ...(line.taxName !== null && { tax: centsToDollars(line.taxCents) }),
  };
}
