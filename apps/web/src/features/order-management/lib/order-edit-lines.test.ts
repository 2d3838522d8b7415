import type { MenuItem } from '@tableserve/contract/menu';
import { describe, expect, it } from 'vitest';
import { staffOrder } from '@/orders/testing/staff-order';
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
    expect(changeQuantity(lines, '11', -1)[0]?.quantity).toBe(1);
    expect(changeQuantity(changeQuantity(lines, '11', 48), '11', 5)[0]?.quantity).toBe(50);
    expect(changeQuantity(lines, '11', 1)[0]?.quantity).toBe(2);
  });

  it('keeps at least one line when removing', () => {
    const lines = linesOf(order);
    const one = removeLine(lines, '11');
    expect(one.map((line) => line.menu_item_id)).toEqual([12]);
    expect(removeLine(one, '12')).toBe(one);
  });

  it('adds a new item as a line of 1, and an item already there as one more', () => {
    const added = addMenuItem(linesOf(order), tiramisu);
    expect(added.at(-1)).toEqual({
      menu_item_id: 30,
      product_name: 'Tiramisu',
      price: 6.75,
      quantity: 1,
      options: [],
      allergens: ['eggs', 'milk'],
    });
    const again = addMenuItem(added, tiramisu);
    expect(again).toHaveLength(3);
    expect(again.at(-1)?.quantity).toBe(2);
  });

  it('tells an edit from the order as it is', () => {
    const lines = linesOf(order);
    expect(isEdited(order, lines)).toBe(false);
    expect(isEdited(order, changeQuantity(lines, '12', 1))).toBe(true);
    expect(isEdited(order, changeQuantity(changeQuantity(lines, '12', 1), '12', -1))).toBe(false);
    expect(isEdited(order, removeLine(lines, '12'))).toBe(true);
  });

  it('previews the total in cents and sends ids, quantities and option ids', () => {
    const lines = [
      { menu_item_id: 1, product_name: 'Gum', price: 0.1, quantity: 3, options: [], allergens: [] },
      { menu_item_id: 2, product_name: 'Pizza', price: 12.5, quantity: 2, options: [], allergens: [] },
    ];
    expect(linesTotal(lines)).toBe(25.3);
    expect(orderItemsOf(lines)).toEqual([
      { menu_item_id: 1, quantity: 3, options: [] },
      { menu_item_id: 2, quantity: 2, options: [] },
    ]);
  });
});

describe('order edit lines with options (docs/decisions/017-item-options.md)', () => {
  const burger: MenuItem = {
    ...tiramisu,
    menu_id: 40,
    item_name: 'Smash Burger',
    price: 16,
    allergens: [],
    option_groups: [
      {
        id: 1,
        name: 'Doneness',
        min_choices: 1,
        max_choices: 1,
        options: [
          { id: 11, name: 'Medium', price_delta: 0 },
          { id: 12, name: 'Well done', price_delta: 0 },
        ],
      },
      {
        id: 2,
        name: 'Extras',
        min_choices: 0,
        max_choices: 3,
        options: [
          { id: 21, name: 'Bacon', price_delta: 2 },
          { id: 22, name: 'Fried egg', price_delta: 1.5 },
        ],
      },
    ],
  };
  const withBurger = staffOrder({
    items: [
      {
        menu_item_id: 40,
        product_name: 'Smash Burger',
        quantity: 1,
        price: 18,
        options: [
          { id: 11, group: 'Doneness', name: 'Medium', price: 0 },
          { id: 21, group: 'Extras', name: 'Bacon', price: 2 },
        ],
        allergens: [],
      },
    ],
  });

  it('keeps each line’s option ids when saving an edit', () => {
    const lines = changeQuantity(linesOf(withBurger), '40-11-21', 2);
    expect(orderItemsOf(lines)).toEqual([{ menu_item_id: 40, quantity: 3, options: [11, 21] }]);
  });

  it('adds the same dish with other choices as a line of its own, priced with its deltas', () => {
    const lines = addMenuItem(linesOf(withBurger), burger, [22, 12, 21]);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toEqual({
      menu_item_id: 40,
      product_name: 'Smash Burger',
      price: 19.5,
      quantity: 1,
      options: [
        { id: 12, group: 'Doneness', name: 'Well done', price: 0 },
        { id: 21, group: 'Extras', name: 'Bacon', price: 2 },
        { id: 22, group: 'Extras', name: 'Fried egg', price: 1.5 },
      ],
      allergens: [],
    });
    // The same choices, tapped in another order, add one to their line.
    const again = addMenuItem(lines, burger, [21, 11]);
    expect(again.map((line) => line.quantity)).toEqual([2, 1]);
    expect(isEdited(withBurger, again)).toBe(true);
    expect(orderItemsOf(again)).toEqual([
      { menu_item_id: 40, quantity: 2, options: [11, 21] },
      { menu_item_id: 40, quantity: 1, options: [12, 21, 22] },
    ]);
    expect(linesTotal(again)).toBe(55.5);
    expect(removeLine(again, '40-11-21').map((line) => line.price)).toEqual([19.5]);
  });
});
