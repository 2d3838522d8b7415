import type { OrderSummary } from '@tableserve/contract/order';
import { orderTrackingMessages } from '@tableserve/contract/order-tracking';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { optionsText } from '@/lib/item-options';
import { formatDollars } from '@/lib/money';
import { itemsSubtotal, orderLineTotal, splitOrderItems } from '../lib/order-format';

type OrderLine = OrderSummary['items'][number];

function ItemRow({ line }: { line: OrderLine }) {
  return (
    <li className="flex items-baseline justify-between gap-4 py-2.5">
      <span className="min-w-0 text-stone-800">
        <span className="font-medium">{line.product_name}</span>
        <span className="text-stone-500"> × {line.quantity}</span>
        {line.options.length > 0 && (
          <span className="mt-0.5 block text-sm leading-snug text-stone-500">
            {optionsText(line.options)}
          </span>
        )}
      </span>
      <span className="shrink-0 font-medium text-stone-900 tabular-nums">
        {formatDollars(orderLineTotal(line))}
      </span>
    </li>
  );
}

/**
 * An order's items (docs/product/ordering.md#order-status-page): the first 3, a '+N more items' expander
 * for the rest, and the sub-total of the lines.
 */
export function OrderItems({ items, showSubtotal = true }: { items: OrderLine[]; showSubtotal?: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const restId = useId();
  const { preview, rest } = splitOrderItems(items);
  return (
    <div>
      <ul className="divide-y divide-stone-100">
        {preview.map((line, index) => (
          <ItemRow key={`${line.menu_item_id}-${index}`} line={line} />
        ))}
      </ul>
      {rest.length > 0 && (
        <>
          {expanded && (
            <ul id={restId} className="divide-y divide-stone-100 border-t border-stone-100">
              {rest.map((line, index) => (
                <ItemRow key={`${line.menu_item_id}-${index}`} line={line} />
              ))}
            </ul>
          )}
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={restId}
            onClick={() => setExpanded((open) => !open)}
            className="-mx-2 mt-1 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            {expanded ? 'Show fewer items' : orderTrackingMessages.moreItems(rest.length)}
            <ChevronDown className={expanded ? 'size-4 rotate-180' : 'size-4'} aria-hidden />
          </button>
        </>
      )}
      {showSubtotal && (
        <div className="mt-2 flex items-baseline justify-between border-t border-dashed border-stone-200 pt-3 text-sm">
          <span className="text-stone-600">Sub-total</span>
          <span className="font-semibold text-stone-900 tabular-nums">
            {formatDollars(itemsSubtotal(items))}
          </span>
        </div>
      )}
    </div>
  );
}
