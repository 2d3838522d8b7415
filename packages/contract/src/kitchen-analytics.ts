import { z } from 'zod';
import { isoDate } from './fields';

/**
 * Kitchen analytics in the sales report (docs/decisions/014-kitchen-analytics.md, ADR 014): how long the kitchen takes
 * from Approved to Ready, how many orders were late, the busiest hours and the best sellers, over
 * one business day or a short range of them.
 */

/** The kitchen display's red threshold by default: an order this late turns its card red. */
export const LATE_AFTER_DEFAULT_MINUTES = 20;
/** The most minutes the kitchen display accepts for its thresholds, and so the most here. */
export const LATE_AFTER_MAX_MINUTES = 240;
/** The longest range one call reads, in business days: a month at most. */
export const ANALYTICS_MAX_DAYS = 31;
/** How many best sellers the report lists. */
export const BEST_SELLERS_LIMIT = 10;

const DAY_MS = 86_400_000;
/** Business days from `from` to `to`, both counted (1 for a single day). */
const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

export const KitchenAnalyticsQuery = z
  .strictObject({
    /** The first business day, YYYY-MM-DD in the restaurant's zone. */
    from: isoDate('From'),
    /** The last business day, counted; the same as `from` when absent. */
    to: isoDate('To').optional(),
    /** An order is late when it is Ready this many minutes or more after it was placed. */
    late_after: z.coerce
      .number('Late after must be a whole number of minutes')
      .int('Late after must be a whole number of minutes')
      .min(1, 'Late after must be at least 1 minute')
      .max(LATE_AFTER_MAX_MINUTES, `Late after must be at most ${LATE_AFTER_MAX_MINUTES} minutes`)
      .default(LATE_AFTER_DEFAULT_MINUTES),
  })
  .superRefine((query, context) => {
    if (query.to === undefined) return;
    const days = daysInRange(query.from, query.to);
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'To must not be before from' });
    else if (days > ANALYTICS_MAX_DAYS)
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A range is at most ${ANALYTICS_MAX_DAYS} days`,
      });
  });
export type KitchenAnalyticsQuery = z.input<typeof KitchenAnalyticsQuery>;

export const KitchenAnalyticsResponse = z.object({
  from: z.string(),
  to: z.string(),
  /** The restaurant's IANA zone: the hours below are its clock's. */
  timezone: z.string(),
  late_after_minutes: z.number().int(),
  /** Live orders of the range that were not cancelled: what the figures below are about. */
  orders: z.number().int(),
  /** Orders both approved and marked Ready: the ones a preparation time is known for. */
  prepared_orders: z.number().int(),
  /** Approved → Ready, in whole seconds; null when no order was prepared. */
  average_preparation_seconds: z.number().int().nullable(),
  /** 90% of prepared orders took this long or less (nearest rank); null when none was prepared. */
  p90_preparation_seconds: z.number().int().nullable(),
  /** Ready `late_after` minutes or more after ordering, or still to cook that long after. */
  late_orders: z.number().int(),
  /** Orders placed in each hour of the restaurant's clock that had any, the day's hours in order. */
  hours: z.array(z.object({ hour: z.number().int().min(0).max(23), orders: z.number().int() })),
  /** By quantity, under the name each line was ordered with; ties by name. */
  best_sellers: z.array(
    z.object({ product_name: z.string(), quantity: z.number().int(), orders: z.number().int() }),
  ),
});
export type KitchenAnalyticsResponse = z.infer<typeof KitchenAnalyticsResponse>;

/** The report's Kitchen tab (docs/decisions/014-kitchen-analytics.md): plain, short texts beside the spec's. */
export const kitchenAnalyticsMessages = {
  salesTab: 'Sales',
  kitchenTab: 'Kitchen',
  reportViews: 'Report views',
  range: 'Range',
  day: 'Day',
  week: '7 days',
  averagePreparation: 'Average preparation',
  p90Preparation: '90% ready within',
  preparationHint: 'Approved to Ready',
  noPreparation: 'No order went from Approved to Ready',
  lateOrders: 'Late orders',
  lateHint: (minutes: number) => `Ready ${minutes}+ min after ordering`,
  busiestHour: 'Busiest hour',
  ordersThatHour: (orders: number) => `${orders} ${orders === 1 ? 'order' : 'orders'} in that hour`,
  ordersByHour: 'Orders by hour',
  showTable: 'Show as table',
  hourColumn: 'Hour',
  ordersColumn: 'Orders',
  bestSellers: 'Best sellers',
  sold: (quantity: number) => `${quantity} sold`,
  noOrders: 'No orders to analyse in this range.',
  noKitchenData: 'No kitchen data',
  exportKitchenCsv: 'Export kitchen CSV',
  loading: 'Loading the kitchen figures…',
  csvColumns: ['Section', 'Item', 'Value'],
  csvName: (from: string, to: string) =>
    from === to ? `Kitchen_Analytics_${from}` : `Kitchen_Analytics_${from}_to_${to}`,
} as const;
