import { type BillFigures, formatRate } from '@tableserve/contract/bill';
import { cartMessages } from '@tableserve/contract/cart';
import { formatCents } from '@/lib/money';

/**
 * A bill's figures below its subtotal (docs/decisions/020-money-model.md): each tax added ("Tax
 * (Food 7 %)") or the tax the prices include, the service charge and the total. The cart,
 * checkout, the status page and the staff's cards show the same figures the server stored.
 */
export function PriceBreakdown({
  figures,
  showTotal = true,
}: {
  figures: BillFigures;
  /** False where the page shows the total its own way. */
  showTotal?: boolean;
}) {
  return (
    <div className="mt-2 flex flex-col gap-1 text-sm text-stone-600">
      <dl className="flex flex-col gap-1">
        {!figures.taxIncluded &&
          figures.taxes.map((tax) => (
            <div key={`${tax.name} ${tax.rate}`} className="flex items-baseline justify-between gap-4">
              <dt>{cartMessages.addedTax(tax.name, formatRate(tax.rate))}</dt>
              <dd className="tabular-nums">{formatCents(tax.taxCents)}</dd>
            </div>
          ))}
        {figures.serviceCents > 0 && (
          <div className="flex items-baseline justify-between gap-4">
            <dt>{cartMessages.serviceCharge}</dt>
            <dd className="tabular-nums">{formatCents(figures.serviceCents)}</dd>
          </div>
        )}
        {showTotal && (
          <div className="mt-1 flex items-baseline justify-between gap-4 border-t border-stone-200 pt-2 text-stone-900">
            <dt className="text-base font-semibold">{cartMessages.total}</dt>
            <dd className="text-xl font-bold tabular-nums">{formatCents(figures.totalCents)}</dd>
          </div>
        )}
      </dl>
      {figures.taxIncluded &&
        figures.taxes.map((tax) => (
          <p key={`${tax.name} ${tax.rate}`} className="text-stone-500">
            {cartMessages.includedTax(tax.name, formatRate(tax.rate), formatCents(tax.taxCents))}
          </p>
        ))}
    </div>
  );
}
