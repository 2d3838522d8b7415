import type { PlaceOrderBody } from '@tableserve/contract/order';
import type { CartLine } from '@/session/diner/cart';
import type { CustomerData } from '@/session/diner/customer-session';
import type { CustomerLocation } from './customer-location';

export type OrderType = 'dine-in' | 'pickup';

/** The diner's choices on the order form; the party size only when it was asked (ADR 020). */
export type OrderChoice = { orderType: OrderType; tableNo: number | null; partySize?: number | null };

/** docs/product/ordering.md#checkout: the order time is sent as local HH:MM. */
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

/** A cart line as the order sends it: the chosen options by id, the server prices them (ADR 017). */
function orderLine({ menu_id, quantity, options }: CartLine): PlaceOrderBody['order_items'][number] {
  return options.length === 0
    ? { menu_item_id: menu_id, quantity }
    : { menu_item_id: menu_id, quantity, options: options.map((option) => option.id) };
}

/** The order place payload (docs/product/ordering.md#checkout): the server prices it from its own menu. */
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
    order_items: lines.map(orderLine),
    order_type: choice.orderType,
    table_no: pickup ? null : choice.tableNo,
    is_guest: customer.is_guest,
    order_time: localOrderTime(now),
    customer_location: pickup ? location : null,
    ...(!pickup && choice.partySize != null && { party_size: choice.partySize }),
  };
}
