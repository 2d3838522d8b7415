import type { MenuItem } from '@tableserve/contract/menu';
import { describe, expect, it } from 'vitest';
import { smashBurger } from '@/orders/testing/smash-burger';
import {
  attemptFor,
  emptyPlaceOrderValues,
  estimatedTotal,
  newRow,
  placeOrderErrorsFromServer,
  placeOrderTexts,
  tableChoices,
  validatePlaceOrder,
} from './place-order-form';

const item = (menu_id: number, price: number): MenuItem => ({
  menu_id,
  item_name: `Item ${menu_id}`,
  description: '',
  price,
  category: 'MainCourse',
  image: null,
  available: true,
  restaurant_id: 7,
  allergens: [],
  dietary_tags: [],
  option_groups: [],
});
const menu = [item(1, 12.5), item(2, 0.1)];
const context = { restaurantId: 7, userId: 3, menu };

describe('the Place Order form', () => {
  it('estimates the total from the menu prices, in cents', () => {
    const rows = [
      { ...newRow(), menuId: '1', quantity: 2 },
      { ...newRow(), menuId: '2', quantity: 3 },
      newRow(),
    ];
    expect(estimatedTotal(rows, menu)).toBe(25.3);
  });

  it('requires customer name, a 10-digit phone and a menu item on each row (docs/product/accounts.md#phone-numbers)', () => {
    const form = emptyPlaceOrderValues();
    const result = validatePlaceOrder({ ...form, phoneNumber: '12345' }, context);
    expect(result).toEqual({
      ok: false,
      errors: {
        customer_name: placeOrderTexts.nameRequired,
        phone_number: 'Phone must be exactly 10 digits',
        rows: { [form.rows[0]!.key]: placeOrderTexts.itemRequired },
      },
    });
  });

  it('builds the docs/product/staff-screens.md#owner-place-order payload: trimmed texts, table or null for pick-up, items and the estimate', () => {
    const form = {
      customerName: '  Ada ',
      phoneNumber: '5035550100',
      details: ' no onions ',
      table: '4',
      rows: [
        { ...newRow(), menuId: '1', quantity: 2 },
        { ...newRow(), menuId: '2', quantity: 1 },
      ],
    };
    expect(validatePlaceOrder(form, context)).toEqual({
      ok: true,
      body: {
        restaurant_id: 7,
        user_id: 3,
        customer_name: 'Ada',
        phone_number: '5035550100',
        total_amount: 25.1,
        other_order_details: 'no onions',
        table_number: 4,
        items: [
          { menu_id: 1, quantity: 2, options: [] },
          { menu_id: 2, quantity: 1, options: [] },
        ],
      },
    });
    const pickUp = validatePlaceOrder({ ...form, table: '', details: '  ' }, context);
    expect(pickUp.ok && pickUp.body).toMatchObject({ table_number: null, other_order_details: undefined });
  });

  it('refuses a dish whose required options are missing, and prices chosen ones in cents', () => {
    const burger = smashBurger(9);
    const withBurger = { ...context, menu: [...menu, burger] };
    const row = { ...newRow(), menuId: '9', quantity: 2 };
    const form = { ...emptyPlaceOrderValues(), customerName: 'Ada', phoneNumber: '5035550100', rows: [row] };
    expect(validatePlaceOrder(form, withBurger)).toEqual({
      ok: false,
      errors: { rows: { [row.key]: 'Smash Burger: Choose a Doneness' } },
    });

    // 16.00 + 2.00 + 1.50 = 19.50 a burger, two of them.
    const chosen = { ...form, rows: [{ ...row, options: [202, 102, 201] }] };
    expect(estimatedTotal(chosen.rows, withBurger.menu)).toBe(39);
    const result = validatePlaceOrder(chosen, withBurger);
    expect(result.ok && result.body.items).toEqual([{ menu_id: 9, quantity: 2, options: [202, 102, 201] }]);
    expect(result.ok && result.body.total_amount).toBe(39);
  });

  it('offers tables 1..number_of_tables, none when unknown', () => {
    expect(tableChoices(3)).toEqual([1, 2, 3]);
    expect(tableChoices(undefined)).toEqual([]);
    expect(tableChoices(0)).toEqual([]);
  });

  it('keeps the Idempotency-Key for the same payload and takes a new one for a changed payload', () => {
    let next = 0;
    const newKey = () => `key-${++next}`;
    const body = {
      restaurant_id: 7,
      user_id: 3,
      customer_name: 'Ada',
      phone_number: '5035550100',
      total_amount: 1,
      items: [{ menu_id: 1, quantity: 1, options: [] }],
    };
    const first = attemptFor(null, body, newKey);
    expect(first.key).toBe('key-1');
    expect(attemptFor(first, { ...body }, newKey)).toBe(first);
    expect(attemptFor(first, { ...body, customer_name: 'Grace' }, newKey).key).toBe('key-2');
  });

  it("places the server's field errors on the form's fields", () => {
    expect(
      placeOrderErrorsFromServer({
        message: 'Phone must be exactly 10 digits',
        errors: [
          { path: 'phone_number', message: 'Phone must be exactly 10 digits' },
          { path: 'items.0.quantity', message: 'Quantity must be at most 50' },
          { path: 'restaurant_id', message: 'Invalid' },
        ],
      }),
    ).toEqual({ phone_number: 'Phone must be exactly 10 digits', items: 'Quantity must be at most 50' });
    expect(placeOrderErrorsFromServer({ message: 'x' })).toEqual({});
  });
});
