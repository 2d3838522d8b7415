import { billPageMessages } from '@tableserve/contract/bill-page';
import type { BillView } from '@tableserve/contract/bills';
import { describeOptions } from '@tableserve/contract/option-choices';
import type { ReactNode } from 'react';
import { formatDollars } from '@/lib/money';

function Row({ label, value, strong }: { label: ReactNode; value: number; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between font-semibold text-stone-900' : 'flex justify-between'}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatDollars(value)}</dd>
    </div>
  );
}

const taxLabel = (tax: BillView['taxes'][number]) => `${tax.name} ${tax.rate_percent} %`;

/** The bill as the restaurant's figures make it: lines, taxes by rate, service, total, paid and left. */
export function BillSummary({ bill }: { bill: BillView }) {
  return (
    <section
      aria-labelledby="bill-heading"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="bill-heading" className="text-xl font-bold tracking-tight">
          {billPageMessages.title}
          {bill.table_number !== null && ` · ${billPageMessages.table(bill.table_number)}`}
        </h2>
        {bill.status === 'paid' && (
          <span className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-800">
            {billPageMessages.paidBadge}
          </span>
        )}
      </div>
      <ul aria-label="Bill lines" className="mt-4 divide-y divide-stone-100">
        {bill.lines.map((line) => (
          <li key={line.order_item_id} className="flex justify-between gap-3 py-2.5">
            <div className="min-w-0">
              <p className="font-medium">
                {line.quantity} × {line.product_name}
              </p>
              {line.options.length > 0 && (
                <p className="text-sm text-stone-500">{describeOptions(line.options)}</p>
              )}
            </div>
            <span className="shrink-0 tabular-nums">{formatDollars(line.amount)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1.5 border-t border-stone-200 pt-3 text-sm text-stone-700">
        <Row label={billPageMessages.subtotal} value={bill.subtotal} />
        {bill.taxes.map((tax) => (
          <Row
            key={`${tax.name}-${tax.rate_percent}`}
            label={bill.tax_included ? billPageMessages.includes(taxLabel(tax)) : taxLabel(tax)}
            value={tax.amount}
          />
        ))}
        {bill.service > 0 && <Row label={billPageMessages.serviceCharge} value={bill.service} />}
        <Row label={billPageMessages.total} value={bill.total} strong />
        {bill.paid > 0 && <Row label={billPageMessages.paid} value={bill.paid} />}
        {bill.pending > 0 && <Row label={billPageMessages.beingPaid} value={bill.pending} />}
        <Row label={billPageMessages.leftToPay} value={bill.outstanding} strong />
      </dl>
    </section>
  );
}
