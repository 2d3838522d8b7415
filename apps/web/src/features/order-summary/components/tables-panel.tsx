import { type OpenBillSummary, tablesPanelMessages as text } from '@tableserve/contract/bills';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatDollars } from '@/lib/money';

const headerCell = 'px-3 py-2 text-left text-xs font-semibold text-stone-500';
const moneyCell = 'px-3 py-2.5 text-right tabular-nums';

/**
 * Order Summary's Tables panel (docs/decisions/020-money-model.md): one row per bill, its table,
 * orders, total, paid, outstanding and tips, with a Paid badge once settled. Shown only when
 * there are bills: a restaurant paid at the counter has none, and its page is as before. The
 * table scrolls sideways on a phone rather than squeeze the figures.
 */
export function TablesPanel({ bills }: { bills: readonly OpenBillSummary[] }) {
  if (bills.length === 0) return null;
  return (
    <Card className="overflow-hidden">
      <div className="border-b border-stone-200 px-4 py-3 md:px-5">
        <h2 id="tables-panel-title" className="text-lg font-semibold">
          {text.title}
        </h2>
        <p className="text-sm text-stone-600">{text.description}</p>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard too */}
      <section className="overflow-x-auto" tabIndex={0} aria-labelledby="tables-panel-title">
        <table className="w-full min-w-[34rem] border-collapse text-sm">
          <caption className="sr-only">{text.title}</caption>
          <thead className="border-b border-stone-200 bg-stone-50/80">
            <tr>
              <th scope="col" className={cn(headerCell, 'pl-4 md:pl-5')}>
                {text.columns.table}
              </th>
              <th scope="col" className={headerCell}>
                {text.columns.orders}
              </th>
              <th scope="col" className={cn(headerCell, 'text-right')}>
                {text.columns.total}
              </th>
              <th scope="col" className={cn(headerCell, 'text-right')}>
                {text.columns.paid}
              </th>
              <th scope="col" className={cn(headerCell, 'text-right')}>
                {text.columns.outstanding}
              </th>
              <th scope="col" className={cn(headerCell, 'pr-4 text-right md:pr-5')}>
                {text.columns.tips}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {bills.map((bill) => (
              <BillRow key={bill.bill_id} bill={bill} />
            ))}
          </tbody>
        </table>
      </section>
    </Card>
  );
}

function BillRow({ bill }: { bill: OpenBillSummary }) {
  const settled = bill.status === 'paid';
  return (
    <tr>
      <th scope="row" className="px-3 py-2.5 pl-4 text-left font-semibold whitespace-nowrap md:pl-5">
        <span className="flex items-center gap-2">
          {text.table(bill.table_number)}
          {settled && ' '}
          {settled && (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
              {text.paidBadge}
            </span>
          )}
        </span>
      </th>
      <td className="px-3 py-2.5 text-stone-600">{text.orders(bill.order_ids)}</td>
      <td className={moneyCell}>{formatDollars(bill.total)}</td>
      <td className={moneyCell}>
        {formatDollars(bill.paid)}
        {bill.pending > 0 && (
          <span className="block text-xs text-stone-500">{text.pending(formatDollars(bill.pending))}</span>
        )}
      </td>
      <td className={cn(moneyCell, bill.outstanding > 0 ? 'font-semibold text-stone-900' : 'text-stone-500')}>
        {formatDollars(bill.outstanding)}
      </td>
      <td className={cn(moneyCell, 'pr-4 md:pr-5')}>{formatDollars(bill.tips)}</td>
    </tr>
  );
}
