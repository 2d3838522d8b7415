import type { MenuItem } from '@tableserve/contract/menu';
import { describe, expect, it } from 'vitest';
import { staffOrder } from '../testing/staff-order';
import {
  addMenuItem,
  changeQuantity,
  isEdited,
  linesOf,
  linesTotal,
  orderItemsOf,
  removeLine,
} from './order-edit-lines';

const order = staffOrder();
const tiramisu: MenuItem = {
  menu_id: 30,
  item_name: 'Tiramisu',
  description: 'Mascarpone',
  price: 6.75,
  category: 'Dessert',
  image: null,
  available: true,
  restaurant_id: 7,
  allergens: ['eggs', 'milk'],
  dietary_tags: ['vegetarian'],
  option_groups: [],
};

describe('order edit lines', () => {
  it('never lets − go below 1 nor + above 50', () => {
    const lines = linesOf(
      staffOrder({
        items: [
          { menu_item_id: 11, product_name: 'Pizza', quantity: 1, price: 12.5, options: [], allergens: [] },
        ],
      }),
    );
    expect(changeQuantity(lines, 11, -1)[0]?.quantity).toBe(1);
    expect(changeQuantity(changeQuantity(lines, 11, 48), 11, 5)[0]?.quantity).toBe(50);
    expect(changeQuantity(lines, 11, 1)[0]?.quantity).toBe(2);
  });

  it('keeps at least one line when removing', () => {
    const lines = linesOf(order);
    const one = removeLine(lines, 11);
    expect(one.map((line) => line.menu_item_id)).toEqual([12]);
    expect(removeLine(one, 12)).toBe(one);
  });

  it('adds a new item as a line of 1, and an item already there as one more', () => {
    const added = addMenuItem(linesOf(order), tiramisu);
    expect(added.at(-1)).toEqual({
      menu_item_id: 30,
      product_name: 'Tiramisu',
      price: 6.75,
      quantity: 1,
      allergens: ['eggs', 'milk'],
    });
    const again = addMenuItem(added, tiramisu);
    expect(again).toHaveLength(3);
    expect(again.at(-1)?.quantity).toBe(2);
  });

  it('tells an edit from the order as it is', () => {
    const lines = linesOf(order);
    expect(isEdited(order, lines)).toBe(false);
    expect(isEdited(order, changeQuantity(lines, 12, 1))).toBe(true);
    expect(isEdited(order, changeQuantity(changeQuantity(lines, 12, 1), 12, -1))).toBe(false);
    expect(isEdited(order, removeLine(lines, 12))).toBe(true);
  });

  it('previews the total in cents and sends only ids and quantities', () => {
    const lines = [
      { menu_item_id: 1, product_name: 'Gum', price: 0.1, quantity: 3, options: [], allergens: [] },
      { menu_item_id: 2, product_name: 'Pizza', price: 12.5, quantity: 2, options: [], allergens: [] },
    ];
    expect(linesTotal(lines)).toBe(25.3);
    expect(orderItemsOf(lines)).toEqual([
      { menu_item_id: 1, quantity: 3 },
      { menu_item_id: 2, quantity: 2 },
    ]);
  });
});
