import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { type SalesPaymentsResponse, salesMoneyMessages as text } from '@tableserve/contract/sales-money';
import { toCsv } from '@/lib/csv';
import { dailySalesRows, formatSalesTime, type SalesReport } from './daily-sales-csv';

const money = (value: number) => value.toFixed(2);

/**
 * The orders export of the Money view: the spec's five columns as the Sales view writes them,
 * then each order's gross, tax, service, tips, refunds and net (blank for an unpaid order).
 */
export async function moneyOrdersCsv(report: SalesReport, day: SalesPaymentsResponse): Promise<string> {
  const byOrder = new Map(day.orders.map((order) => [order.order_id, order]));
  const rows = dailySalesRows(report).map((row, index) => {
    const figures = byOrder.get(report.orders[index]!.order_id);
    return [
      ...row,
      ...(figures
        ? [figures.gross, figures.tax, figures.service, figures.tips, figures.refunds, figures.net].map(money)
        : ['', '', '', '', '', '']),
    ];
  });
  return toCsv([...ownerOrderMessages.salesCsvColumns, ...text.ordersCsvColumns], rows);
}

/** One row per card payment and refund of the day, times in the restaurant's zone. */
export function paymentRows(day: SalesPaymentsResponse): string[][] {
  return day.entries.map((entry) => [
    formatSalesTime(entry.created_at, day.timezone),
    text.kind[entry.kind],
    entry.order_id === null ? '' : String(entry.order_id),
    String(entry.bill_id),
    money(entry.amount),
    money(entry.tip),
    entry.card_last4 ?? '',
    text.status[entry.status],
    entry.reason ?? '',
  ]);
}

export async function paymentsCsv(day: SalesPaymentsResponse): Promise<string> {
  return toCsv([...text.paymentsCsvColumns], paymentRows(day));
}
