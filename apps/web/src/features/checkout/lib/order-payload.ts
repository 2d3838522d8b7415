import type { PlaceOrderBody } from '@tableserve/contract/order';
import type { CartLine } from '@/features/diner/lib/cart';
import type { CustomerData } from '@/features/diner/lib/customer-session';
import type { CustomerLocation } from './customer-location';

export type OrderType = 'dine-in' | 'pickup';

/** The diner's choices on the order form. */
export type OrderChoice = { orderType: OrderType; tableNo: number | null };

/** customer-side §9: the order time is sent as local HH:MM. */
export function localOrderTime(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

type PayloadInput = {
  restaurantId: number;
  customer: CustomerData;
  lines: readonly CartLine[];
  choice: OrderChoice;
  location: CustomerLocation | null;
  now: Date;
};

/** The order place payload (customer-side §3): the server prices it from its own menu. */
export function buildPlaceOrderBody({
  restaurantId,
  customer,
  lines,
  choice,
  location,
  now,
}: PayloadInput): PlaceOrderBody {
  const pickup = choice.orderType === 'pickup';
  return {
    restaurant_id: restaurantId,
    customer_details: {
      customer_name: customer.customer_name,
      email: customer.email,
      phone_number: customer.phone_number,
    },
    order_items: lines.map((line) => ({ menu_item_id: line.menu_id, quantity: line.quantity })),
    order_type: choice.orderType,
    table_no: pickup ? null : choice.tableNo,
    is_guest: customer.is_guest,
    order_time: localOrderTime(now),
    customer_location: pickup ? location : null,
  };
}
