import type { StaffOrder } from '@tableserve/contract/owner-orders';

/** A staff order as the API answers it, with whatever a test changes. */
export function staffOrder(overrides: Partial<StaffOrder> = {}): StaffOrder {
  return {
    order_id: 1,
    restaurant_id: 7,
    customer_name: 'Ada Lovelace',
    phone_number: '5035550100',
    table_number: 3,
    order_type: 'dine-in',
    total_amount: 27.25,
    status: 'Pending',
    order_date: '2026-11-23',
    other_order_details: null,
    placed_by: 'diner',
    created_at: '2026-11-23T19:00:00.000Z',
    updated_at: '2026-11-23T19:00:00.000Z',
    items: [
      { menu_item_id: 11, product_name: 'Pizza', quantity: 2, price: 12.5, options: [], allergens: [] },
      { menu_item_id: 12, product_name: 'Soda', quantity: 1, price: 2.25, options: [], allergens: [] },
    ],
    ...overrides,
  };
}
