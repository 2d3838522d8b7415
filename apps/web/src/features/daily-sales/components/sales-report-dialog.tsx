import { kitchenAnalyticsMessages } from '@tableserve/contract/kitchen-analytics';
import { type DailySalesResponse, ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { salesMoneyMessages } from '@tableserve/contract/sales-money';
import { CalendarDays, Download, FileX2, RotateCcw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useMediaQuery } from '@/hooks/use-media-query';
import { downloadCsv } from '@/lib/csv';
import { formatDollars } from '@/lib/money';
import { OrderStatusBadge } from '@/orders/components/order-status-badge';
import { useKitchenAgeing } from '@/orders/hooks/use-kitchen-ageing';
import { formatOrderTime } from '@/orders/lib/order-summary-format';
import { useDailySales } from '../api/daily-sales';
import { useKitchenAnalytics } from '../api/kitchen-analytics';
import { useSalesPayments } from '../api/sales-payments';
import { dailySalesCsv, dailySalesFileName, dailySalesItemsCsv, salesItemsCsv } from '../lib/daily-sales-csv';
import { kitchenAnalyticsCsv, kitchenAnalyticsFileName } from '../lib/kitchen-analytics-csv';
import { formatRange, weekEndingOn } from '../lib/kitchen-analytics-format';
import { moneyOrdersCsv, paymentsCsv } from '../lib/sales-money-csv';
import { KitchenAnalyticsPanel } from './kitchen-analytics-panel';
import { MoneyPanel } from './money-panel';
import { panelIdOf, RangeToggle, type ReportView, ReportViewTabs, tabIdOf } from './report-view-tabs';

const longDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Monday, November 23, 2026' for the report's YYYY-MM-DD. */
const formatReportDate = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? date : longDate.format(day);
};

/** A quiet box in place of figures that could not be loaded (ADR 010), with a way to ask again. */
function NoData({ message, busy, onRetry }: { message: string; busy: boolean; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-stone-200 px-6 py-10 text-center">
      <FileX2 className="size-8 text-stone-400" aria-hidden />
      <p className="font-semibold text-stone-700">{message}</p>
      <Button variant="ghost" size="sm" busy={busy} onClick={onRetry}>
        {!busy && <RotateCcw className="size-4" aria-hidden />}
        {ownerOrderMessages.tryAgain}
      </Button>
    </div>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex items-center justify-center gap-3 py-12 text-brand-600">
      <Spinner label={label} />
      <span className="text-sm text-stone-500">{label}</span>
    </div>
  );
}

/**
 * The report popup (docs/product/daily-sales.md#daily-sales CSV export),
 * with a Kitchen view beside the sales (docs/decisions/014-kitchen-analytics.md, ADR 014). A failed fetch is only logged
 * and shows no figures (docs/product/daily-sales.md#daily-sales: the sales data is cleared). The Kitchen view asks for its figures,
 * and loads its chart, only when it is opened.
 */
export function SalesReportDialog({
  restaurantId,
  token,
  date,
  onClose,
}: {
  restaurantId: number;
  token: string;
  date: string | null;
  onClose: () => void;
}) {
  const [view, setView] = useState<ReportView>('sales');
  const [weekly, setWeekly] = useState(false);
  // Late means what a red card on this device's kitchen screen means (its Timings, default 20).
  const { ageing } = useKitchenAgeing();
  const sales = useDailySales(restaurantId, token, date);
  const analytics = useKitchenAnalytics(
    restaurantId,
    token,
    date && view === 'kitchen'
      ? { from: weekly ? weekEndingOn(date) : date, to: date, lateAfter: ageing.redMinutes }
      : null,
  );
  // The day's money is asked for only when its view is opened, like the kitchen's figures.
  const payments = useSalesPayments(token, date && view === 'money' ? date : null);
  const [exporting, setExporting] = useState<'report' | 'items' | 'payments' | null>(null);
  const idPrefix = useId();
  const report = date && sales.isSuccess && !sales.isError ? sales.data : null;
  const kitchen = view === 'kitchen' && analytics.isSuccess ? analytics.data : null;
  const money = view === 'money' && payments.isSuccess ? payments.data : null;

  useEffect(() => {
    if (sales.error) console.error('Could not load the daily sales report', sales.error);
  }, [sales.error]);
  useEffect(() => {
    if (analytics.error) console.error('Could not load the kitchen analytics', analytics.error);
  }, [analytics.error]);
  useEffect(() => {
    if (payments.error) console.error('Could not load the day’s money', payments.error);
  }, [payments.error]);

  function close() {
    setView('sales');
    onClose();
  }

  async function exportCsv(what: 'report' | 'items' | 'payments') {
    setExporting(what);
    try {
      if (view === 'sales' && report && what === 'items')
        downloadCsv(salesItemsCsv.fileName(report.date), await dailySalesItemsCsv(report));
      else if (view === 'sales' && report)
        downloadCsv(dailySalesFileName(report.date), await dailySalesCsv(report));
      if (view === 'kitchen' && kitchen)
        downloadCsv(kitchenAnalyticsFileName(kitchen), await kitchenAnalyticsCsv(kitchen));
      if (view === 'money' && money && what === 'payments')
        downloadCsv(salesMoneyMessages.paymentsCsvName(money.date), await paymentsCsv(money));
      else if (view === 'money' && money && report)
        downloadCsv(dailySalesFileName(report.date), await moneyOrdersCsv(report, money));
    } catch (error) {
      console.error('Could not export the report', error);
    } finally {
      setExporting(null);
    }
  }

  const shown = view === 'sales' ? report : view === 'kitchen' ? kitchen : report && money;
  return (
    <Modal
      open={date !== null}
      onClose={close}
      title={ownerOrderMessages.dailySalesTitle}
      className="max-w-3xl"
      footer={
        // Three buttons do not fit a phone's width on one row: there they stack, Close at the bottom.
        <div className="flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-end sm:gap-3">
          <Button variant="secondary" onClick={close}>
            {ownerOrderMessages.close}
          </Button>
          {view === 'sales' && (
            <Button
              variant="secondary"
              onClick={() => void exportCsv('items')}
              disabled={!report || exporting !== null}
              busy={exporting === 'items'}
            >
              {exporting !== 'items' && <Download className="size-4" aria-hidden />}
              {salesItemsCsv.button}
            </Button>
          )}
          {view === 'money' && (
            <Button
              variant="secondary"
              onClick={() => void exportCsv('payments')}
              disabled={!money || exporting !== null}
              busy={exporting === 'payments'}
            >
              {exporting !== 'payments' && <Download className="size-4" aria-hidden />}
              {salesMoneyMessages.paymentsCsvButton}
            </Button>
          )}
          <Button
            onClick={() => void exportCsv('report')}
            disabled={!shown || exporting !== null}
            busy={exporting === 'report'}
          >
            {exporting !== 'report' && <Download className="size-4" aria-hidden />}
            {
              {
                sales: ownerOrderMessages.exportCsv,
                kitchen: kitchenAnalyticsMessages.exportKitchenCsv,
                money: salesMoneyMessages.ordersCsvButton,
              }[view]
            }
          </Button>
        </div>
      }
    >
      {date && (
        <div className="flex flex-col gap-5">
          <ReportViewTabs idPrefix={idPrefix} view={view} onChange={setView} />
          <div
            role="tabpanel"
            id={panelIdOf(idPrefix, view)}
            aria-labelledby={tabIdOf(idPrefix, view)}
            className="flex flex-col gap-5"
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="flex items-center gap-2 text-sm font-medium text-stone-600">
                <CalendarDays className="size-4 text-stone-400" aria-hidden />
                {view === 'kitchen' && weekly
                  ? formatRange(weekEndingOn(date), date)
                  : formatReportDate(date)}
              </p>
              {view === 'kitchen' && <RangeToggle weekly={weekly} onChange={setWeekly} />}
            </div>
            {view === 'sales' ? (
              sales.isPending ? (
                <Loading label="Loading the sales report…" />
              ) : report ? (
                <SalesFigures report={report} />
              ) : (
                <NoData
                  message={ownerOrderMessages.noSalesData}
                  busy={sales.isFetching}
                  onRetry={() => void sales.refetch()}
                />
              )
            ) : view === 'money' ? (
              payments.isPending ? (
                <Loading label={salesMoneyMessages.loading} />
              ) : money ? (
                <MoneyPanel day={money} />
              ) : (
                <NoData
                  message={salesMoneyMessages.noMoneyData}
                  busy={payments.isFetching}
                  onRetry={() => void payments.refetch()}
                />
              )
            ) : analytics.isPending ? (
              <Loading label={kitchenAnalyticsMessages.loading} />
            ) : kitchen ? (
              <KitchenAnalyticsPanel report={kitchen} />
            ) : (
              <NoData
                message={kitchenAnalyticsMessages.noKitchenData}
                busy={analytics.isFetching}
                onRetry={() => void analytics.refetch()}
              />
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}

function SalesFigures({ report }: { report: DailySalesResponse }) {
  // Five columns do not fit a phone: each order becomes a two-line row there.
  const wide = useMediaQuery('(min-width: 40rem)', true);
  const [idColumn, tableColumn, statusColumn, amountColumn] = ownerOrderMessages.salesCsvColumns;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-brand-50 px-4 py-3">
          <dt className="text-sm font-medium text-brand-900">{ownerOrderMessages.totalRevenue}</dt>
          <dd className="text-2xl font-bold tracking-tight text-stone-900 tabular-nums">
            {formatDollars(report.total_revenue)}
          </dd>
          <dd className="text-xs text-stone-600">From paid orders</dd>
        </div>
        <div className="rounded-xl bg-stone-100 px-4 py-3">
          <dt className="text-sm font-medium text-stone-700">{ownerOrderMessages.totalOrders}</dt>
          <dd className="text-2xl font-bold tracking-tight text-stone-900 tabular-nums">
            {report.total_orders}
          </dd>
          <dd className="text-xs text-stone-600">All statuses</dd>
        </div>
      </dl>
      {report.orders.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-200 px-4 py-8 text-center text-sm text-stone-500">
          No orders on this day.
        </p>
      ) : wide ? (
        <div className="-mx-6 overflow-x-auto px-6">
          <table className="w-full min-w-[30rem] text-sm">
            <caption className="sr-only">Orders of the day</caption>
            <thead>
              <tr className="border-b border-stone-200 text-left text-xs font-semibold text-stone-500">
                <th scope="col" className="py-2 pr-3">
                  {idColumn}
                </th>
                <th scope="col" className="px-3 py-2">
                  {tableColumn}
                </th>
                <th scope="col" className="px-3 py-2">
                  {statusColumn}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {amountColumn}
                </th>
                <th scope="col" className="py-2 pl-3 text-right">
                  Time
                </th>
              </tr>
            </thead>
            <tbody>
              {report.orders.map((order) => (
                <tr key={order.order_id} className="border-b border-stone-100 last:border-b-0">
                  <td className="py-2.5 pr-3 font-medium text-stone-900 tabular-nums">#{order.order_id}</td>
                  <td className="px-3 py-2.5 text-stone-700">
                    {order.table_number === null ? ownerOrderMessages.pickUp : order.table_number}
                  </td>
                  <td className="px-3 py-2.5">
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td className="px-3 py-2.5 text-right font-medium text-stone-900 tabular-nums">
                    {formatDollars(order.total_amount)}
                  </td>
                  <td className="py-2.5 pl-3 text-right whitespace-nowrap text-stone-600 tabular-nums">
                    <time dateTime={order.created_at}>
                      {formatOrderTime(order.created_at, report.date, report.timezone)}
                    </time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul aria-label="Orders of the day" className="-mx-1 flex flex-col divide-y divide-stone-100">
          {report.orders.map((order) => (
            <li key={order.order_id} className="flex items-start justify-between gap-3 px-1 py-3">
              <div className="flex min-w-0 flex-col gap-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-stone-900 tabular-nums">#{order.order_id}</span>
                  <OrderStatusBadge status={order.status} />
                </p>
                <p className="text-sm text-stone-600">
                  {order.table_number === null ? ownerOrderMessages.pickUp : `Table ${order.table_number}`} ·{' '}
                  <time dateTime={order.created_at}>
                    {formatOrderTime(order.created_at, report.date, report.timezone)}
                  </time>
                </p>
              </div>
              <p className="shrink-0 font-semibold text-stone-900 tabular-nums">
                {formatDollars(order.total_amount)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
