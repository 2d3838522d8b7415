import { describe, expect, it } from 'vitest';
import type { CartLine } from '@/session/diner/cart';
import { buildPlaceOrderBody, localOrderTime } from './order-payload';

const customer = {
  customer_id: 7,
  customer_name: 'Ada Diner',
  email: 'ada@example.com',
  phone_number: '5551234567',
  is_guest: true,
  restaurant_id: 1,
};
const lines: CartLine[] = [
  {
    menu_id: 3,
    item_name: 'Soup',
    description: '',
    price: 4.5,
    image: null,
    category: 'Starter',
    options: [],
    quantity: 2,
  },
  {
    menu_id: 8,
    item_name: 'Pie',
    description: '',
    price: 6,
    image: null,
    category: 'Dessert',
    options: [],
    quantity: 1,
  },
];

describe('localOrderTime', () => {
  it('is the local HH:MM', () => {
    expect(localOrderTime(new Date(2025, 0, 2, 9, 5))).toBe('09:05');
    expect(localOrderTime(new Date(2025, 0, 2, 23, 59))).toBe('23:59');
  });
});

describe('buildPlaceOrderBody', () => {
  const now = new Date(2025, 5, 1, 18, 30);

  it('sends a dine-in order with its table and no location', () => {
    const body = buildPlaceOrderBody({
      restaurantId: 1,
      customer,
      lines,
      choice: { orderType: 'dine-in', tableNo: 4 },
      location: { latitude: 1, longitude: 2 },
      now,
    });
    expect(body).toEqual({
      restaurant_id: 1,
      customer_details: { customer_name: 'Ada Diner', email: 'ada@example.com', phone_number: '5551234567' },
      order_items: [
        { menu_item_id: 3, quantity: 2 },
        { menu_item_id: 8, quantity: 1 },
      ],
      order_type: 'dine-in',
      table_no: 4,
      is_guest: true,
      order_time: '18:30',
      customer_location: null,
    });
  });

  it('sends a pickup order with the location and a null table', () => {
    const body = buildPlaceOrderBody({
      restaurantId: 1,
      customer,
      lines,
      choice: { orderType: 'pickup', tableNo: 4 },
      location: { latitude: 40.7, longitude: -74 },
      now,
    });
    expect(body).toMatchObject({
      order_type: 'pickup',
      table_no: null,
      customer_location: { latitude: 40.7, longitude: -74 },
    });
  });

  it('carries the chosen option ids of a line, and none on a line without', () => {
    const burger: CartLine = {
      menu_id: 12,
      item_name: 'Smash Burger',
      description: '',
      price: 17.5,
      image: null,
      category: 'MainCourse',
      options: [
        { id: 31, group: 'Doneness', name: 'Medium', price: 0 },
        { id: 43, group: 'Extras', name: 'Fried egg', price: 1.5 },
      ],
      quantity: 2,
    };
    const body = buildPlaceOrderBody({
      restaurantId: 1,
      customer,
      lines: [burger, ...lines],
      choice: { orderType: 'dine-in', tableNo: 4 },
      location: null,
      now,
    });
    expect(body.order_items).toStrictEqual([
      { menu_item_id: 12, quantity: 2, options: [31, 43] },
      { menu_item_id: 3, quantity: 2 },
      { menu_item_id: 8, quantity: 1 },
    ]);
  });
});
