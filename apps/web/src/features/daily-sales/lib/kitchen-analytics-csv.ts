import {
  type KitchenAnalyticsResponse,
  kitchenAnalyticsMessages as text,
} from '@tableserve/contract/kitchen-analytics';
import { toCsv } from '@/lib/csv';

/** Minutes with two decimals, for a spreadsheet to add up; empty when nothing was measured. */
const minutes = (seconds: number | null) => (seconds === null ? '' : (seconds / 60).toFixed(2));

/**
 * The analytics as one long table of Section, Item, Value (a spreadsheet filters or pivots it):
 * the summary, then orders per hour on the restaurant's 24-hour clock, then the best sellers.
 */
export function kitchenAnalyticsRows(report: KitchenAnalyticsResponse): string[][] {
  const summary = [
    ['From', report.from],
    ['To', report.to],
    ['Time zone', report.timezone],
    ['Orders', String(report.orders)],
    ['Prepared orders', String(report.prepared_orders)],
    ['Average preparation (min)', minutes(report.average_preparation_seconds)],
    ['90% ready within (min)', minutes(report.p90_preparation_seconds)],
    ['Late after (min)', String(report.late_after_minutes)],
    ['Late orders', String(report.late_orders)],
  ];
  return [
    ...summary.map(([item, value]) => ['Summary', item!, value!]),
    ...report.hours.map((hour) => [
      text.ordersByHour,
      `${String(hour.hour).padStart(2, '0')}:00`,
      String(hour.orders),
    ]),
    ...report.best_sellers.map((dish) => [text.bestSellers, dish.product_name, String(dish.quantity)]),
  ];
}

export const kitchenAnalyticsCsv = (report: KitchenAnalyticsResponse) =>
  toCsv([...text.csvColumns], kitchenAnalyticsRows(report));

/** 'Kitchen_Analytics_2026-11-23.csv', or '…_2026-11-17_to_2026-11-23.csv' for a range. */
export const kitchenAnalyticsFileName = (report: Pick<KitchenAnalyticsResponse, 'from' | 'to'>) =>
  `${text.csvName(report.from, report.to)}.csv`;
