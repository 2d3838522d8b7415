import type { LiveState } from '@/hooks/use-live-socket';
import { cn } from '@/lib/cn';

type Look = { text: string; tone: string; dot: string };

/**
 * What each reader is told. The diner hears nothing until the page is live, and a dropped
 * channel asks them to refresh, since the page can no longer promise freshness. The staff see
 * every state (docs/product/order-statuses.md#live-updates): whether new orders and status
 * changes arrive by themselves, on every order screen.
 */
const looks: Record<'diner' | 'staff', Partial<Record<LiveState, Look>>> = {
  diner: {
    live: { text: 'Live updates', tone: 'text-emerald-700', dot: 'bg-emerald-500' },
    offline: { text: 'Offline · refresh for the latest', tone: 'text-stone-500', dot: 'bg-stone-400' },
  },
  staff: {
    live: { text: 'Live', tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200', dot: 'bg-emerald-500' },
    connecting: {
      text: 'Connecting…',
      tone: 'bg-stone-100 text-stone-600 ring-stone-200',
      dot: 'bg-stone-400',
    },
    offline: {
      text: 'Offline · reconnecting',
      tone: 'bg-amber-50 text-amber-900 ring-amber-200',
      dot: 'bg-amber-500',
    },
  },
};

type LiveBadgeProps = {
  state: LiveState;
  /** The diner's pages show a quiet line; the staff's screens a pill that is a status. */
  audience: 'diner' | 'staff';
  /** The kitchen's header: a larger pill. */
  large?: boolean;
  className?: string;
};

/** Whether the page follows the restaurant live: the state of its live channel (useLiveSocket). */
export function LiveBadge({ state, audience, large = false, className }: LiveBadgeProps) {
  const look = looks[audience][state];
  if (!look) return null;
  const dot = (
    <span className={cn('relative flex', large ? 'size-2.5' : 'size-2')} aria-hidden>
      {state === 'live' && (
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60 motion-reduce:hidden" />
      )}
      <span className={cn('relative inline-flex size-full rounded-full', look.dot)} />
    </span>
  );
  if (audience === 'diner')
    return (
      <span className={cn('inline-flex items-center gap-1.5 text-xs font-medium', look.tone, className)}>
        {dot}
        {look.text}
      </span>
    );
  return (
    <span
      role="status"
      aria-label={`Live updates: ${look.text}`}
      className={cn(
        'inline-flex items-center rounded-full font-semibold whitespace-nowrap ring-1 ring-inset',
        large ? 'min-h-11 gap-2 px-3 text-sm sm:px-4' : 'gap-1.5 px-2.5 py-1 text-xs',
        look.tone,
        className,
      )}
    >
      {dot}
      {look.text}
    </span>
  );
}
