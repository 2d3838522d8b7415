import type { OrderSummary } from '@tableserve/contract/order';
import { ORDER_DETAILS_PREVIEW_COUNT } from '@tableserve/contract/order-tracking';
import { dollarsToCents, lineTotal } from '@/lib/money';

type OrderLine = OrderSummary['items'][number];

/** A line's price: the summary's price is per unit. */
export const orderLineTotal = (line: OrderLine): number => lineTotal(line.price, line.quantity);

export const itemsSubtotal = (items: readonly OrderLine[]): number =>
  items.reduce((cents, line) => cents + dollarsToCents(line.price) * line.quantity, 0) / 100;

/** The first 3 items and the rest behind the '+N more items' expander (docs/product/ordering.md#order-status-page). */
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

/** "12 Main St, Springfield, IL", skipping blank parts. */
export const formatAddress = (order: Pick<OrderSummary, 'address' | 'city' | 'state'>): string =>
  [order.address, order.city, order.state].filter((part) => part.trim() !== '').join(', ');
