import { describe, expect, it } from 'vitest';
import { demoMenu, displayMenuFixture, menuItemFixture } from '@/test/menu-fixtures';
import { applySoldOutChange, parseSoldOutChange } from './live-menu';

const names = (menu: { menu: Array<{ item_name: string }> }) => menu.menu.map((item) => item.item_name);

describe('a live sold-out change', () => {
  it('reads a dish that sold out, and one that came back with its fields', () => {
    expect(parseSoldOutChange('{"menu_id":2,"sold_out":true}')).toEqual({ menu_id: 2, sold_out: true });
    const pizza = demoMenu[1]!;
    expect(parseSoldOutChange(JSON.stringify({ menu_id: 2, sold_out: false, item: pizza }))).toEqual({
      menu_id: 2,
      sold_out: false,
      item: pizza,
    });
  });

  it('ignores anything else rather than breaking the menu', () => {
    for (const message of [
      'not json',
      'null',
      '{"sold_out":true}',
      '{"menu_id":"2","sold_out":true}',
      '{"menu_id":2,"sold_out":"yes"}',
      // Back, but without the dish to show, or with another dish.
      '{"menu_id":2,"sold_out":false}',
      JSON.stringify({ menu_id: 2, sold_out: false, item: demoMenu[0] }),
      JSON.stringify({ menu_id: 2, sold_out: false, item: { ...demoMenu[1], price: 'free' } }),
    ]) {
      expect(parseSoldOutChange(message), message).toBeUndefined();
    }
  });

  it('takes a sold-out dish off the menu, and leaves the menu as it was when it is not there', () => {
    const menu = displayMenuFixture();
    expect(names(applySoldOutChange(menu, { menu_id: 2, sold_out: true }))).toEqual([
      'Garlic Knots',
      'Tiramisu',
      'Truffle Fries',
    ]);
    expect(applySoldOutChange(menu, { menu_id: 99, sold_out: true })).toBe(menu);
  });

  it('puts a dish that came back where the server lists it (newest, so highest id, first)', () => {
    const newestFirst = displayMenuFixture({
      menu: [
        menuItemFixture({ menu_id: 30, item_name: 'Soup' }),
        menuItemFixture({ menu_id: 10, item_name: 'Bread' }),
      ],
    });
    const back = (menu_id: number, item_name: string) =>
      applySoldOutChange(newestFirst, {
        menu_id,
        sold_out: false,
        item: menuItemFixture({ menu_id, item_name }),
      });
    expect(names(back(20, 'Pasta'))).toEqual(['Soup', 'Pasta', 'Bread']);
    expect(names(back(40, 'Salad'))).toEqual(['Salad', 'Soup', 'Bread']);
    expect(names(back(5, 'Olives'))).toEqual(['Soup', 'Bread', 'Olives']);
    // Told twice, it is listed once.
    expect(names(back(30, 'Soup'))).toEqual(['Soup', 'Bread']);
  });

  it("ignores a dish of another restaurant's menu", () => {
    const menu = displayMenuFixture();
    const stranger = menuItemFixture({ menu_id: 50, restaurant_id: 8 });
    expect(applySoldOutChange(menu, { menu_id: 50, sold_out: false, item: stranger })).toBe(menu);
  });
});
