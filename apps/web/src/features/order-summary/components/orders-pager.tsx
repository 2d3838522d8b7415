import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Previous / Next with 'Page X of Y' (docs/product/staff-screens.md#order-summary; docs/product/api-conventions.md#pagination page size 10). */
export function OrdersPager({
  page,
  totalPages,
  total,
  perPage,
  onPage,
}: {
  page: number;
  totalPages: number;
  total: number;
  perPage: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, totalPages);
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <nav aria-label="Order pages" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-stone-500">
        {total === 0
          ? 'No orders'
          : `Showing ${first}–${last} of ${total} ${total === 1 ? 'order' : 'orders'}`}
      </p>
      {/* On a phone the controls take the row's full width, so Next is not cut off at the card's edge. */}
      <div className="flex w-full items-center justify-between gap-2 sm:w-auto sm:justify-end">
        <Button variant="secondary" className="px-3.5" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft className="size-4" aria-hidden />
          Previous
        </Button>
        <p
          className="min-w-0 flex-1 px-1 text-center text-sm font-medium whitespace-nowrap text-stone-700 tabular-nums sm:min-w-24 sm:flex-none"
          aria-live="polite"
        >
          {ownerOrderMessages.pageOf(page, pages)}
        </p>
        <Button
          variant="secondary"
          className="px-3.5"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next
          <ChevronRight className="size-4" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
