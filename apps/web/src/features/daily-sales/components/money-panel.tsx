import { formatRate, rateFromPercent } from '@tableserve/contract/bill';
import { type SalesPaymentsResponse, salesMoneyMessages as text } from '@tableserve/contract/sales-money';
import { formatDollars } from '@/lib/money';

/**
 * The Money view (docs/decisions/020-money-model.md#refunds): gross, each tax, service, tips,
 * refunds and net of the day's paid orders, as the server summed them to the cent. A tax the
 * prices contain is shown but not added.
 */
export function MoneyPanel({ day }: { day: SalesPaymentsResponse }) {
  const { summary } = day;
  const rows: { term: string; value: number; negative?: boolean }[] = [
    { term: text.gross, value: summary.gross },
    ...summary.taxes.map((tax) => ({
      term: (day.tax_included ? text.includedTax : text.tax)(
        tax.name,
        formatRate(rateFromPercent(tax.rate_percent)),
      ),
      value: tax.amount,
    })),
    { term: text.service, value: summary.service },
    { term: text.tips, value: summary.tips },
    { term: text.refunds, value: summary.refunds, negative: true },
  ];
  return (
    <section aria-label={text.heading} className="flex flex-col gap-3">
      <dl className="flex flex-col divide-y divide-stone-100 rounded-xl border border-stone-200 px-4">
        {rows.map((row) => (
          <div key={row.term} className="flex items-center justify-between gap-3 py-2.5 text-sm">
            <dt className="text-stone-700">{row.term}</dt>
            <dd className="font-medium text-stone-900 tabular-nums">
              {row.negative && row.value > 0 ? `−${formatDollars(row.value)}` : formatDollars(row.value)}
            </dd>
          </div>
        ))}
        <div className="flex items-center justify-between gap-3 py-3">
          <dt className="font-semibold text-stone-900">{text.net}</dt>
          <dd className="text-lg font-bold text-stone-900 tabular-nums">{formatDollars(summary.net)}</dd>
        </div>
      </dl>
    </section>
  );
}
