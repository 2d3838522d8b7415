import type { OrderSummary } from '@tableserve/contract/order';
import { ORDER_DETAILS_PREVIEW_COUNT } from '@tableserve/contract/order-tracking';

type OrderLine = OrderSummary['items'][number];

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** '$12.50': a dollar sign and 2 decimals (customer-side §9). */
export const formatMoney = (dollars: number): string => usd.format(Math.round(dollars * 100) / 100);

/** A line's price: the summary's price is per unit. Counted in cents so 3 × 0.1 is 0.30. */
export const lineTotal = (line: OrderLine): number => (Math.round(line.price * 100) * line.quantity) / 100;

export const itemsSubtotal = (items: readonly OrderLine[]): number =>
  items.reduce((cents, line) => cents + Math.round(line.price * 100) * line.quantity, 0) / 100;

/** The first 3 items and the rest behind the '+N more items' expander (customer-side §9). */
export function splitOrderItems<T>(items: readonly T[], shown = ORDER_DETAILS_PREVIEW_COUNT) {
  return { preview: items.slice(0, shown), rest: items.slice(shown) };
}

const placedAt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The placed date in the diner's own time zone and locale, e.g. 'Jul 5, 2025, 7:42 PM'. */
export function formatPlacedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : placedAt.format(date);
}

/** 'Table 4' for dine-in, 'Pickup' otherwise. */
export const orderPlace = (order: Pick<OrderSummary, 'order_type' | 'table_number'>): string =>
  order.order_type === 'dine-in' && order.table_number !== null ? `Table ${order.table_number}` : 'Pickup';

/** A 10-digit phone as 555-123-4567 (customer-side §2 Customer menu); anything else as given. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}

/** "12 Main St, Springfield, IL", skipping blank parts. */
export const formatAddress = (order: Pick<OrderSummary, 'address' | 'city' | 'state'>): string =>
  [order.address, order.city, order.state].filter((part) => part.trim() !== '').join(', ');
