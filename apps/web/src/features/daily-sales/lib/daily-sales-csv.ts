import { describeOptions } from '@tableserve/contract/item-options';
import { type DailySalesResponse, ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { toCsv } from '@/lib/csv';
import { lineTotal } from '@/lib/money';
import { zonedFormat } from '@/orders/lib/order-summary-format';

export type SalesReport = Pick<DailySalesResponse, 'orders' | 'timezone'>;

/**
 * The items export beside the spec's (docs/decisions/017-item-options.md): one row per order line, with what was
 * chosen. Ours, not the spec's: its own file, so the spec's five columns stay as they are.
 */
export const salesItemsCsv = {
  button: 'Export items CSV',
  columns: ['Order ID', 'Item', 'Options', 'Quantity', 'Unit Price', 'Line Total'],
  fileName: (date: string) => `Daily_Sales_Items_${date}.csv`,
} as const;

const reportTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * 'Nov 23, 2026, 7:05 PM' in the restaurant's zone (`timeZone`), for the report's Date column: the
 * report is one of the restaurant's business days, whatever zone the owner's browser is in. Intl
 * puts a narrow no-break space before AM/PM; a plain one keeps the file ASCII for any spreadsheet.
 */
export const formatSalesTime = (iso: string, timeZone: string): string => {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime())
    ? iso
    : zonedFormat(reportTime, timeZone).format(instant).replace(/\s/g, ' ');
};

/**
 * One CSV row per order with the spec's five columns (docs/product/daily-sales.md#daily-sales): Table Number reads
 * 'Pick-up' when the order has no table, Total Amount has two decimals, Date is the restaurant's.
 */
export function dailySalesRows(report: SalesReport): string[][] {
  return report.orders.map((order) => [
    String(order.order_id),
    order.table_number === null ? ownerOrderMessages.pickUp : String(order.table_number),
    order.status,
    order.total_amount.toFixed(2),
    formatSalesTime(order.created_at, report.timezone),
  ]);
}

/** The report as CSV text (lib/csv: quoted where needed, no cell a spreadsheet would run). */
export async function dailySalesCsv(report: SalesReport): Promise<string> {
  return toCsv([...ownerOrderMessages.salesCsvColumns], dailySalesRows(report));
}

/** One row per line of each order: its options as every screen reads them, prices with two decimals. */
export function dailySalesItemRows(report: Pick<SalesReport, 'orders'>): string[][] {
  return report.orders.flatMap((order) =>
    order.items.map((line) => [
      String(order.order_id),
      line.product_name,
      describeOptions(line.options),
      String(line.quantity),
      line.price.toFixed(2),
      lineTotal(line.price, line.quantity).toFixed(2),
    ]),
  );
}

export async function dailySalesItemsCsv(report: Pick<SalesReport, 'orders'>): Promise<string> {
  return toCsv([...salesItemsCsv.columns], dailySalesItemRows(report));
}

/** 'Daily_Sales_2026-11-23.csv' (docs/product/daily-sales.md#daily-sales). */
export const dailySalesFileName = (date: string) => `${ownerOrderMessages.salesCsvName(date)}.csv`;
