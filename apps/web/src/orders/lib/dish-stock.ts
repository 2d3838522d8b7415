import { type MenuItem, stockMessages } from '@tableserve/contract/menu';

/** A dish the staff can put on an order: on the menu, and not sold out (docs/decisions/015-stock-and-sold-out.md). */
export const isOrderableDish = (item: MenuItem) => item.available && item.stock !== 0;

/** "3 left" for a counted dish, nothing for one that is not counted. */
export const portionsLeft = (item: MenuItem) =>
  typeof item.stock === 'number' && item.stock > 0 ? stockMessages.left(item.stock) : undefined;
