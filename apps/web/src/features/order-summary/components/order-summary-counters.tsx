import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { BadgeCheck, type LucideIcon, ReceiptText } from 'lucide-react';
import { useId } from 'react';

/**
 * Total Orders and Paid Orders of the restaurant's current business day (docs/product/business-day.md#business-day
 * Pagination: working_hours_total_orders, working_hours_paid_orders). Each is a polite live
 * region named by its label, so a screen reader hears the counts change during service.
 */
export function OrderSummaryCounters({ total, paid }: { total: number | null; paid: number | null }) {
  return (
    <div className="grid grid-cols-2 gap-3 md:gap-4">
      <Counter
        icon={ReceiptText}
        label={ownerOrderMessages.totalOrders}
        value={total}
        tone="text-brand-600 bg-brand-50"
      />
      <Counter
        icon={BadgeCheck}
        label={ownerOrderMessages.paidOrders}
        value={paid}
        tone="text-emerald-700 bg-emerald-50"
        detail={
          total !== null && paid !== null && total > 0 ? `${Math.round((paid / total) * 100)}% paid` : null
        }
      />
    </div>
  );
}

function Counter({
  icon: Icon,
  label,
  value,
  tone,
  detail,
}: {
  icon: LucideIcon;
  label: string;
  value: number | null;
  tone: string;
  detail?: string | null;
}) {
  const labelId = useId();
  return (
    <div
      role="status"
      aria-labelledby={labelId}
      className="flex items-center gap-3 rounded-2xl border border-stone-200/70 bg-white px-4 py-3.5 shadow-card md:gap-4 md:px-5 md:py-4"
    >
      <span className={`hidden size-11 shrink-0 place-items-center rounded-xl sm:grid ${tone}`}>
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="flex min-w-0 flex-col">
        <p className="flex flex-wrap items-baseline gap-x-1.5 text-sm font-medium text-stone-600">
          <span id={labelId}>{label}</span>
          <span className="text-xs font-normal text-stone-500">{ownerOrderMessages.today}</span>
        </p>
        <p className="flex items-baseline gap-2">
          <span className="text-2xl font-bold tracking-tight text-stone-900 tabular-nums">
            {value === null ? '–' : value}
          </span>
          {detail && <span className="text-xs font-medium text-stone-500">{detail}</span>}
        </p>
      </div>
    </div>
  );
}
