import type { OrderSummary } from '@tableserve/contract/order';

type OrderLine = OrderSummary['items'][number];

export const line = (
  product_name: string,
  quantity: number,
  price: number,
  menu_item_id = 1,
  options: OrderLine['options'] = [],
): OrderLine => ({ menu_item_id, product_name, quantity, price, options });

/** An order as GET /customer/order-summary answers it. */
export function orderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    order_id: 42,
    status: 'Pending',
    total_amount: 31.5,
    items: [line('Margherita Pizza', 2, 12.5, 1), line('Lemonade', 1, 6.5, 2)],
    restaurant_id: 7,
    restaurant_name: 'Paprika Kitchen',
    address: '12 Market Street',
    city: 'Springfield',
    state: 'IL',
    phone: '5551234567',
    order_type: 'dine-in',
    table_number: 4,
    created_at: '2025-07-05T18:42:00.000Z',
    updated_at: '2025-07-05T18:42:00.000Z',
    ...overrides,
  };
}

/** A JWT-shaped customer token that expires in an hour (the app only reads its exp). */
export function customerToken(): string {
  const payload = btoa(JSON.stringify({ sub: '9', exp: Math.floor(Date.now() / 1000) + 3600 }));
  return `header.${payload.replace(/=+$/, '')}.signature`;
}
