import { pagerMessages } from '@tableserve/contract/messages';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Button } from './button';

/**
 * Previous · 'Page X of Y' · Next (docs/product/api-conventions.md#pagination), for every paged
 * staff list. The caller wraps it in a nav named for what it pages.
 */
export function PageSteps({
  page,
  pages,
  onPage,
  className,
  labelClassName,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  className?: string;
  labelClassName?: string;
}) {
  return (
    <div className={cn('flex items-center justify-between gap-2', className)}>
      <Button variant="secondary" className="px-3.5" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="size-4" aria-hidden />
        {pagerMessages.previous}
      </Button>
      <p
        className={cn('text-center text-sm font-medium text-stone-700 tabular-nums', labelClassName)}
        aria-live="polite"
      >
        {pagerMessages.pageOf(page, pages)}
      </p>
      <Button
        variant="secondary"
        className="px-3.5"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {pagerMessages.next}
        <ChevronRight className="size-4" aria-hidden />
      </Button>
    </div>
  );
}
