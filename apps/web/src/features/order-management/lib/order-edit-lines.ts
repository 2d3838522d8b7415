import type { Allergen } from '@tableserve/contract/allergens';
import { type ChosenOption, choiceKey, describeOptions } from '@tableserve/contract/item-options';
import type { MenuItem } from '@tableserve/contract/menu';
import { MAX_ORDER_LINES, MAX_QUANTITY } from '@tableserve/contract/order';
import type { StaffOrder } from '@tableserve/contract/owner-orders';
import { chosenOptions, unitPriceOf } from '@/lib/item-options';
import { dollarsToCents } from '@/lib/money';

/**
 * Order Management's edit of a Pending order (docs/product/staff-screens.md#order-management owner approval):
 * the lines as the card shows them while the owner changes quantities, removes or adds items.
 * The server prices the saved lines again; the prices here only preview the new total.
 */
export type EditLine = {
  menu_item_id: number;
  product_name: string;
  price: number;
  quantity: number;
  /** What was chosen (docs/decisions/017-item-options.md): kept on save, and part of what makes the line its own. */
  options: readonly ChosenOption[];
  /** What the dish contains now, shown under the line (docs/decisions/012-allergens-and-dietary-tags.md). */
  allergens: readonly Allergen[];
};

/** A line's identity: its dish and its choices, so two burgers cooked differently stay two lines. */
export const lineKey = (line: Pick<EditLine, 'menu_item_id' | 'options'>) =>
  choiceKey(
    line.menu_item_id,
    line.options.map((option) => option.id),
  );

/** What a line's buttons are named after: two lines of one dish differ by their options. */
export const lineName = (line: Pick<EditLine, 'product_name' | 'options'>) =>
  line.options.length > 0 ? `${line.product_name} (${describeOptions(line.options)})` : line.product_name;

export const linesOf = (order: StaffOrder): EditLine[] => order.items.map((item) => ({ ...item }));

const clampQuantity = (quantity: number) => Math.min(MAX_QUANTITY, Math.max(1, quantity));

/** − and +: never below 1 (docs/product/staff-screens.md#order-management), never above the API's 50. */
export function changeQuantity(lines: EditLine[], key: string, delta: number): EditLine[] {
  return lines.map((line) =>
    lineKey(line) === key ? { ...line, quantity: clampQuantity(line.quantity + delta) } : line,
  );
}

/** An order keeps at least one line: removing the last one changes nothing. */
export function removeLine(lines: EditLine[], key: string): EditLine[] {
  if (lines.length <= 1) return lines;
  return lines.filter((line) => lineKey(line) !== key);
}

/**
 * Adding a dish with the same choices as a line of the order adds one to that line; other
 * choices make a line of their own, priced with their deltas for the preview.
 */
export function addMenuItem(lines: EditLine[], item: MenuItem, chosen: readonly number[] = []): EditLine[] {
  const options = chosenOptions(item.option_groups, chosen);
  const key = lineKey({ menu_item_id: item.menu_id, options });
  if (lines.some((line) => lineKey(line) === key)) return changeQuantity(lines, key, 1);
  if (lines.length >= MAX_ORDER_LINES) return lines;
  return [
    ...lines,
    {
      menu_item_id: item.menu_id,
      product_name: item.item_name,
      price: unitPriceOf(item, chosen),
      quantity: 1,
      options,
      allergens: item.allergens,
    },
  ];
}

/** Whether the lines differ from the order's own (then the card's button reads 'Update Order'). */
export function isEdited(order: StaffOrder, lines: EditLine[]): boolean {
  if (lines.length !== order.items.length) return true;
  return lines.some((line, index) => {
    const item = order.items[index];
    return !item || lineKey(item) !== lineKey(line) || item.quantity !== line.quantity;
  });
}

/** The previewed total in dollars, counted in cents. */
export function linesTotal(lines: EditLine[]): number {
  return lines.reduce((cents, line) => cents + dollarsToCents(line.price) * line.quantity, 0) / 100;
}

/**
 * PUT /customer/update-order's order_items: the dish, how many, and the ids of its options, so a
 * saved edit keeps what each line had chosen (the server prices them again).
 */
export const orderItemsOf = (lines: EditLine[]) =>
  lines.map(({ menu_item_id, quantity, options }) => ({
    menu_item_id,
    quantity,
    options: options.map((option) => option.id),
  }));
