import type { OrderStatus } from '@tableserve/contract/order';
import { cn } from '@/lib/cn';

const looks: Record<OrderStatus, { pill: string; dot: string }> = {
  Pending: { pill: 'bg-amber-50 text-amber-900 ring-amber-300', dot: 'bg-amber-500' },
  Approved: { pill: 'bg-sky-50 text-sky-900 ring-sky-300', dot: 'bg-sky-500' },
  Ready: { pill: 'bg-emerald-50 text-emerald-900 ring-emerald-300', dot: 'bg-emerald-500' },
  Completed: { pill: 'bg-stone-100 text-stone-700 ring-stone-300', dot: 'bg-stone-400' },
  Cancelled: { pill: 'bg-red-50 text-red-800 ring-red-200', dot: 'bg-red-500' },
};

/** The accent along the top of an order's card, in its status's colour. */
export const statusAccent: Record<OrderStatus, string> = {
  Pending: 'bg-amber-400',
  Approved: 'bg-sky-500',
  Ready: 'bg-emerald-500',
  Completed: 'bg-stone-300',
  Cancelled: 'bg-red-300',
};

/**
 * An order's status in the spec's words and a colour (docs/product/order-statuses.md#status-machine), the same on
 * every order screen; `large` is read across the kitchen's pass.
 */
export function OrderStatusBadge({
  status,
  large = false,
  className,
}: {
  status: OrderStatus;
  large?: boolean;
  className?: string;
}) {
  const look = looks[status];
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full font-semibold whitespace-nowrap ring-1 ring-inset',
        large ? 'gap-2 px-3 py-1 text-sm font-bold' : 'gap-1.5 px-2.5 py-1 text-xs',
        look.pill,
        className,
      )}
    >
      <span aria-hidden className={cn('rounded-full', large ? 'size-2' : 'size-1.5', look.dot)} />
      {status}
    </span>
  );
}
