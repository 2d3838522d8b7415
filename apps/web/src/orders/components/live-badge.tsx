import { cn } from '@/lib/cn';
import type { LiveState } from '../hooks/use-staff-order-events';

const looks: Record<LiveState, { text: string; pill: string; dot: string }> = {
  live: { text: 'Live', pill: 'bg-emerald-50 text-emerald-800 ring-emerald-200', dot: 'bg-emerald-500' },
  connecting: {
    text: 'Connecting…',
    pill: 'bg-stone-100 text-stone-600 ring-stone-200',
    dot: 'bg-stone-400',
  },
  offline: {
    text: 'Offline · reconnecting',
    pill: 'bg-amber-50 text-amber-900 ring-amber-200',
    dot: 'bg-amber-500',
  },
};

/**
 * Whether new orders and status changes arrive by themselves (docs/product/order-statuses.md#live-updates): the
 * state of the staff socket, on every order screen; `large` for the kitchen's header.
 */
export function LiveBadge({
  state,
  large = false,
  className,
}: {
  state: LiveState;
  large?: boolean;
  className?: string;
}) {
  const look = looks[state];
  return (
    <span
      role="status"
      aria-label={`Live updates: ${look.text}`}
      className={cn(
        'inline-flex items-center rounded-full font-semibold whitespace-nowrap ring-1 ring-inset',
        large ? 'min-h-11 gap-2 px-3 text-sm sm:px-4' : 'gap-1.5 px-2.5 py-1 text-xs',
        look.pill,
        className,
      )}
    >
      <span className={cn('relative flex', large ? 'size-2.5' : 'size-2')} aria-hidden>
        {state === 'live' && (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60 motion-reduce:hidden" />
        )}
        <span className={cn('relative inline-flex size-full rounded-full', look.dot)} />
      </span>
      {look.text}
    </span>
  );
}
