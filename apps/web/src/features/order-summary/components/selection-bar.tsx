import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { CircleCheck, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatDollars } from '@/lib/money';

/**
 * The sticky bar of ticked Ready orders (docs/product/web-app.md#shell): 'Total Selected' with how many and
 * their sum, and 'Mark Selected as Paid' for all of them at once.
 */
export function SelectionBar({
  count,
  dollars,
  busy,
  onMarkPaid,
  onClear,
}: {
  count: number;
  dollars: number;
  busy: boolean;
  onMarkPaid: () => void;
  onClear: () => void;
}) {
  return (
    <section
      aria-label="Selected orders"
      className="sticky bottom-3 z-20 flex flex-wrap items-center gap-x-4 gap-y-3 rounded-2xl bg-stone-900 py-3 pr-3 pl-5 text-white shadow-raised md:bottom-5"
    >
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="text-xs font-semibold text-stone-300">{ownerOrderMessages.totalSelected}</span>
        <p className="flex items-baseline gap-2" aria-live="polite">
          <span className="text-xl font-bold tabular-nums">{formatDollars(dollars)}</span>
          <span className="text-sm text-stone-300">{count === 1 ? '1 order' : `${count} orders`}</span>
        </p>
      </div>
      <div className="flex w-full items-center justify-end gap-2 sm:w-auto">
        <button
          type="button"
          onClick={onClear}
          disabled={busy}
          aria-label="Clear selection"
          className="inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 text-sm font-semibold text-stone-200 hover:bg-white/10 disabled:opacity-60"
        >
          <X className="size-4" aria-hidden />
          Clear
        </button>
        <Button busy={busy} onClick={onMarkPaid} className="flex-1 sm:flex-none">
          {!busy && <CircleCheck className="size-4" aria-hidden />}
          {ownerOrderMessages.markSelectedPaid}
        </Button>
      </div>
    </section>
  );
}
