import type { BillFigures } from '@tableserve/contract/bill';
import { cartMessages } from '@tableserve/contract/cart';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { PriceBreakdown } from '@/components/ui/price-breakdown';
import { paths } from '@/config/paths';
import { optionsText } from '@/lib/item-options';
import { formatDollars, lineTotal } from '@/lib/money';
import { type CartLine, cartLineKey } from '@/session/diner/cart';

type OrderSummaryProps = {
  lines: readonly CartLine[];
  count: number;
  subtotal: number;
  /** The order's figures, or null for a restaurant without taxes or service ('+ Tax & fees'). */
  figures?: BillFigures | null;
  restaurantId: number;
  children?: ReactNode;
};

/** The order summary of checkout: lines, quantities, line totals and the sub-total (docs/product/ordering.md#checkout). */
export function OrderSummary({
  lines,
  count,
  subtotal,
  figures = null,
  restaurantId,
  children,
}: OrderSummaryProps) {
  return (
    <Card className="p-5 md:sticky md:top-24 md:p-6">
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-lg font-semibold">Order summary</h2>
        <Link
          to={paths.cart}
          state={{ restaurant_id: restaurantId }}
          className="-mr-2 inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 hover:text-brand-800"
        >
          Edit cart
        </Link>
      </div>
      <ul aria-label="Order items" className="mt-2 divide-y divide-stone-100">
        {lines.map((line) => (
          <li key={cartLineKey(line)} className="flex items-start justify-between gap-4 py-3">
            <div className="min-w-0">
              <p className="font-medium text-stone-900">{line.item_name}</p>
              {line.options.length > 0 && (
                <p className="mt-0.5 text-sm leading-snug text-stone-600">{optionsText(line.options)}</p>
              )}
              <p className="mt-0.5 text-sm text-stone-500 tabular-nums">
                <span className="sr-only">Quantity </span>
                {line.quantity} × {formatDollars(line.price)}
              </p>
            </div>
            <p className="shrink-0 font-semibold text-stone-900 tabular-nums">
              {formatDollars(lineTotal(line.price, line.quantity))}
            </p>
          </li>
        ))}
      </ul>
      <dl className="mt-1 flex items-baseline justify-between gap-4 border-t border-stone-200 pt-4">
        <dt className="text-base font-medium text-stone-700">
          Subtotal ({count === 1 ? '1 item' : `${count} items`})
        </dt>
        <dd className="text-xl font-bold text-stone-900 tabular-nums">{formatDollars(subtotal)}</dd>
      </dl>
      {figures ? (
        <PriceBreakdown figures={figures} />
      ) : (
        <p className="mt-1 text-sm text-stone-500">{cartMessages.taxAndFees}</p>
      )}
      {children}
    </Card>
  );
}
