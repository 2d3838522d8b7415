import { Clock } from 'lucide-react';
import { cn } from '@/lib/cn';
import { elapsedSince, formatElapsed } from '@/orders/lib/kitchen-elapsed';
import { useElapsedClock } from '../hooks/use-elapsed-clock';
import { kitchenTexts } from '../lib/kitchen-texts';

/** hh:mm:ss since the order's last change (docs/product/staff-screens.md#kitchen), on the screen's one shared clock. */
export function KitchenElapsedTimer({ since, muted = false }: { since: string; muted?: boolean }) {
  const now = useElapsedClock();
  return (
    <p
      className={cn(
        'inline-flex items-center gap-1.5 font-bold tracking-tight tabular-nums',
        muted ? 'text-base text-stone-500' : 'text-2xl text-stone-900',
      )}
    >
      <Clock className={cn('shrink-0', muted ? 'size-4' : 'size-5 text-stone-500')} aria-hidden />
      <span className="sr-only">{kitchenTexts.timeSinceChange}: </span>
      <span role="timer">{formatElapsed(elapsedSince(since, now))}</span>
    </p>
  );
}
