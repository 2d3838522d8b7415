import type { Allergen } from '@tableserve/contract/allergens';
import type { MenuItem } from '@tableserve/contract/menu';
import { MAX_ORDER_LINES, MAX_QUANTITY } from '@tableserve/contract/order';
import type { StaffOrder } from '@tableserve/contract/owner-orders';
import { dollarsToCents } from '@/lib/money';

/**
 * Order Management's edit of a Pending order (owner-side §4 owner approval, §5 Owner order edit):
 * the lines as the card shows them while the owner changes quantities, removes or adds items.
 * The server prices the saved lines again; the prices here only preview the new total.
 */
export type EditLine = {
  menu_item_id: number;
  product_name: string;
  price: number;
  quantity: number;
  /** What the dish contains now, shown under the line (issue 12). */
  allergens: readonly Allergen[];
};

export const linesOf = (order: StaffOrder): EditLine[] => order.items.map((item) => ({ ...item }));

const clampQuantity = (quantity: number) => Math.min(MAX_QUANTITY, Math.max(1, quantity));

/** − and +: never below 1 (owner-side §5), never above the API's 50. */
export function changeQuantity(lines: EditLine[], menuItemId: number, delta: number): EditLine[] {
  return lines.map((line) =>
    line.menu_item_id === menuItemId ? { ...line, quantity: clampQuantity(line.quantity + delta) } : line,
  );
}

/** An order keeps at least one line: removing the last one changes nothing. */
export function removeLine(lines: EditLine[], menuItemId: number): EditLine[] {
  if (lines.length <= 1) return lines;
  return lines.filter((line) => line.menu_item_id !== menuItemId);
}

/** Adding an item already in the order adds one to its line instead of a second line. */
export function addMenuItem(lines: EditLine[], item: MenuItem): EditLine[] {
  if (lines.some((line) => line.menu_item_id === item.menu_id)) return changeQuantity(lines, item.menu_id, 1);
  if (lines.length >= MAX_ORDER_LINES) return lines;
  return [
    ...lines,
    {
      menu_item_id: item.menu_id,
      product_name: item.item_name,
      price: item.price,
      quantity: 1,
      allergens: item.allergens,
    },
  ];
}

/** Whether the lines differ from the order's own (then the card's button reads 'Update Order'). */
export function isEdited(order: StaffOrder, lines: EditLine[]): boolean {
  if (lines.length !== order.items.length) return true;
  return lines.some((line, index) => {
    const item = order.items[index];
    return item?.menu_item_id !== line.menu_item_id || item.quantity !== line.quantity;
  });
}

/** The previewed total in dollars, counted in cents. */
export function linesTotal(lines: EditLine[]): number {
  return lines.reduce((cents, line) => cents + dollarsToCents(line.price) * line.quantity, 0) / 100;
}

/** PUT /customer/update-order's order_items: only id and quantity count. */
export const orderItemsOf = (lines: EditLine[]) =>
  lines.map(({ menu_item_id, quantity }) => ({ menu_item_id, quantity }));
