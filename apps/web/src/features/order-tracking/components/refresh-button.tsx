import { RefreshCw } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** Refetches on demand (docs/product/ordering.md#order-status-page: a manual refresh refetches), spinning while it does. */
export function RefreshButton({
  refreshing,
  onClick,
  className,
}: {
  refreshing: boolean;
  onClick: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={refreshing}
      aria-busy={refreshing || undefined}
      className={buttonClasses({
        variant: 'secondary',
        className: cn('shrink-0 bg-white/90 max-sm:w-11 max-sm:px-0', className),
      })}
    >
      <RefreshCw
        className={cn('size-4', refreshing && 'animate-spin motion-reduce:animate-none')}
        aria-hidden
      />
      {/* A phone shows the icon alone (a 44 px square), next to the page title; the name stays. */}
      <span className="max-sm:sr-only">{refreshing ? 'Refreshing…' : 'Refresh'}</span>
    </button>
  );
}
