import {
  type KitchenAnalyticsResponse,
  kitchenAnalyticsMessages as text,
} from '@tableserve/contract/kitchen-analytics';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { busiestHour, formatDuration, hourLabel, hourSpan } from '../lib/kitchen-analytics-format';

/** Chartist arrives with the Kitchen view, never with the dashboard (nor the diner's pages). */
const OrdersByHourChart = lazy(() => import('./orders-by-hour-chart'));

function Figure({ term, value, hint }: { term: string; value: ReactNode; hint: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-xl bg-stone-100 px-4 py-3">
      <dt className="text-sm font-medium text-stone-700">{term}</dt>
      <dd className="text-xl font-bold tracking-tight text-stone-900 tabular-nums">{value}</dd>
      <dd className="text-xs text-stone-600">{hint}</dd>
    </div>
  );
}

/** The Kitchen view's figures: preparation, lateness, orders per hour, best sellers. */
export function KitchenAnalyticsPanel({ report }: { report: KitchenAnalyticsResponse }) {
  const hoursHeading = useId();
  const bestHeading = useId();
  if (report.orders === 0)
    return (
      <p className="rounded-xl border border-dashed border-stone-200 px-4 py-8 text-center text-sm text-stone-500">
        {text.noOrders}
      </p>
    );
  const busiest = busiestHour(report.hours);
  const timed = `${report.prepared_orders} of ${report.orders} orders timed`;
  const duration = (seconds: number | null) => (seconds === null ? '—' : formatDuration(seconds));
  const chartLabel = `${text.ordersByHour}: ${report.hours
    .map((hour) => `${hourSpan(hour.hour)} ${hour.orders}`)
    .join(', ')}`;
  const topQuantity = report.best_sellers[0]?.quantity ?? 1;
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure
          term={text.averagePreparation}
          value={duration(report.average_preparation_seconds)}
          hint={report.prepared_orders === 0 ? text.noPreparation : text.preparationHint}
        />
        <Figure term={text.p90Preparation} value={duration(report.p90_preparation_seconds)} hint={timed} />
        <Figure
          term={text.lateOrders}
          value={
            <>
              {report.late_orders}
              <span className="text-sm font-medium text-stone-600"> of {report.orders}</span>
            </>
          }
          hint={text.lateHint(report.late_after_minutes)}
        />
        <Figure
          term={text.busiestHour}
          value={busiest ? hourLabel(busiest.hour) : '—'}
          hint={busiest ? text.ordersThatHour(busiest.orders) : ''}
        />
      </dl>

      <section aria-labelledby={hoursHeading} className="flex flex-col gap-2">
        <h3 id={hoursHeading} className="text-sm font-semibold text-stone-800">
          {text.ordersByHour}
        </h3>
        <Suspense fallback={<div className="h-48 w-full animate-pulse rounded-xl bg-stone-100" />}>
          <OrdersByHourChart hours={report.hours} label={chartLabel} />
        </Suspense>
        <details className="group text-sm">
          <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-lg px-1 font-medium text-brand-700 hover:text-brand-800">
            {text.showTable}
          </summary>
          <table className="mt-1 w-full max-w-sm text-sm">
            <caption className="sr-only">{text.ordersByHour}</caption>
            <thead>
              <tr className="border-b border-stone-200 text-left text-xs font-semibold text-stone-500">
                <th scope="col" className="py-2 pr-3">
                  {text.hourColumn}
                </th>
                <th scope="col" className="py-2 pl-3 text-right">
                  {text.ordersColumn}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.hours.map((hour) => (
                <tr key={hour.hour} className="border-b border-stone-100 last:border-b-0">
                  <th
                    scope="row"
                    className="py-2 pr-3 text-left font-normal text-stone-700 whitespace-nowrap"
                  >
                    {hourSpan(hour.hour)}
                  </th>
                  <td className="py-2 pl-3 text-right font-medium text-stone-900 tabular-nums">
                    {hour.orders}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </section>

      <section aria-labelledby={bestHeading} className="flex flex-col gap-2">
        <h3 id={bestHeading} className="text-sm font-semibold text-stone-800">
          {text.bestSellers}
        </h3>
        <ol className="flex flex-col gap-2">
          {report.best_sellers.map((dish, index) => (
            <li key={dish.product_name} className="flex items-center gap-3">
              <span className="w-5 shrink-0 text-right text-sm font-semibold text-stone-500 tabular-nums">
                {index + 1}
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex items-baseline justify-between gap-3">
                  <span className="truncate font-medium text-stone-900">{dish.product_name}</span>
                  <span className="shrink-0 text-sm text-stone-600 tabular-nums">
                    {text.sold(dish.quantity)}
                  </span>
                </div>
                <div className="h-1.5 rounded-full bg-stone-100" aria-hidden>
                  <div
                    className="h-full rounded-full bg-brand-500"
                    style={{ width: `${(dish.quantity / topQuantity) * 100}%` }}
                  />
                </div>
              </div>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
