import { Lock } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { type CancelAvailability, pluralDays } from '../lib/subscription-dates';

/**
 * The cancel button: disabled before day 5 with the days still to wait (docs/product/subscriptions.md#cancellation
 * Subscription, docs/product/subscriptions.md#cancellation).
 */
export function CancelButton({
  availability,
  onClick,
  className,
}: {
  availability: CancelAvailability;
  onClick: () => void;
  className?: string;
}) {
  const hintId = useId();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Button
        variant="secondary"
        disabled={!availability.allowed}
        aria-describedby={availability.allowed ? undefined : hintId}
        onClick={onClick}
        className="text-red-700 hover:bg-red-50 hover:text-red-800 disabled:text-stone-500 disabled:hover:bg-white"
      >
        {!availability.allowed && <Lock className="size-4" aria-hidden />}
        Cancel subscription
      </Button>
      {!availability.allowed && (
        <p id={hintId} className="text-sm text-stone-500">
          You can cancel from day 5 of your subscription: {pluralDays(availability.daysLeft)} to go.
        </p>
      )}
    </div>
  );
}
