import { FlaskConical } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A small 'Test mode' pill, as Stripe shows on its test checkouts. */
export function TestModeBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset',
        className,
      )}
    >
      <FlaskConical className="size-3.5" aria-hidden />
      Test mode
    </span>
  );
}

const testCards = [
  { number: '4242 4242 4242 4242', outcome: 'payment succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'card is declined' },
];

/** Tells the owner that no real money moves and which cards to use (docs/product/platform.md#payments-test-mode). */
export function TestModeNote() {
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3.5 text-sm text-amber-950">
      <p className="font-semibold">Test mode: no real charge is made.</p>
      <p className="mt-1 text-amber-900">Use one of these cards with any future expiry date and any CVC:</p>
      <ul className="mt-2.5 space-y-1.5">
        {testCards.map((card) => (
          <li key={card.number} className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold tracking-wide text-amber-950 tabular-nums select-all">
              {card.number}
            </span>
            <span className="text-amber-900">{card.outcome}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
