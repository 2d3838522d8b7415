import type { OrderStatus } from '@tableserve/contract/order';
import { cn } from '@/lib/cn';

const tones: Record<OrderStatus, string> = {
  Pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  Approved: 'bg-sky-50 text-sky-900 ring-sky-200',
  Ready: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  Completed: 'bg-stone-100 text-stone-700 ring-stone-200',
  Cancelled: 'bg-red-50 text-red-800 ring-red-200',
};

/** The order's status as a pill, in the spec's own words (docs/product/order-statuses.md#progress-steps). */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        tones[status],
        className,
      )}
    >
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {status}
    </span>
  );
}
