import { auditMessages as text } from '@tableserve/contract/audit';
import { useState } from 'react';
import { useOrderHistory } from '../api/order-history';
import { describeAction, formatAuditTime } from '../lib/audit-format';

type OrderHistoryProps = { restaurantId: number; token: string; orderId: number };

/**
 * An order card's "History" disclosure (docs/product/staff.md#audit-trail): who approved it, who
 * marked it ready or paid, and when, in the restaurant's zone. Read when first opened.
 */
export function OrderHistory({ restaurantId, token, orderId }: OrderHistoryProps) {
  const [open, setOpen] = useState(false);
  const history = useOrderHistory(restaurantId, token, orderId, open);
  return (
    <details className="group text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      {/* py-3: a 44-px tap target, as every control on a phone or a tablet. */}
      <summary className="cursor-pointer rounded-lg py-3 font-medium text-stone-700 select-none hover:text-stone-900">
        {text.history}
      </summary>
      {history.isError ? (
        <p className="mt-2 text-red-700">{text.historyFailed}</p>
      ) : history.data ? (
        history.data.entries.length === 0 ? (
          <p className="mt-2 text-stone-500">{text.historyEmpty}</p>
        ) : (
          <ol className="mt-2 flex flex-col gap-1.5 border-l-2 border-stone-200 pl-3">
            {history.data.entries.map((entry) => (
              <li key={entry.id}>
                <span className="font-medium text-stone-800">{describeAction(entry)}</span>
                <span className="text-stone-600"> · {entry.actor_name}</span>
                <time dateTime={entry.at} className="block text-xs text-stone-500">
                  {formatAuditTime(entry.at, history.data.timezone)}
                </time>
              </li>
            ))}
          </ol>
        )
      ) : open ? (
        <p className="mt-2 text-stone-500">{text.historyLoading}</p>
      ) : null}
    </details>
  );
}
