import { PageSteps } from '@/components/ui/page-steps';

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
      {/* On a phone the steps take the row's full width, so Next is not cut off at the card's edge. */}
      <PageSteps
        page={page}
        pages={pages}
        onPage={onPage}
        className="w-full sm:w-auto sm:justify-end"
        labelClassName="min-w-0 flex-1 px-1 whitespace-nowrap sm:min-w-24 sm:flex-none"
      />
    </nav>
  );
}
