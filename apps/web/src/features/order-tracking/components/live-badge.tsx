import { cn } from '@/lib/cn';
import type { LiveState } from '../hooks/use-order-updates';

/**
 * Whether the page follows the kitchen live. Says nothing when there is no channel at all; a
 * dropped channel asks the diner to refresh, since the page can no longer promise freshness.
 */
export function LiveBadge({ state, className }: { state: LiveState; className?: string }) {
  if (state === 'off' || state === 'connecting') return null;
  const live = state === 'live';
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 text-xs font-medium',
        live ? 'text-emerald-700' : 'text-stone-500',
        className,
      )}
    >
      <span className="relative flex size-2" aria-hidden>
        {live && (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60 motion-reduce:hidden" />
        )}
        <span
          className={cn('relative inline-flex size-2 rounded-full', live ? 'bg-emerald-500' : 'bg-stone-400')}
        />
      </span>
      {live ? 'Live updates' : 'Offline · refresh for the latest'}
    </span>
  );
}
