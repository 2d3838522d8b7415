import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

/** docs/product/restaurant-setup.md#dashboard, docs/product/staff-screens.md#order-summary: the restaurant setup has three steps, in this order. */
export const SETUP_STEPS = ['Create Restaurant', 'Add Menu Items', 'Complete Setup'] as const;
export type SetupStep = 1 | 2 | 3;

/**
 * The setup progress bar (docs/product/restaurant-setup.md#create-restaurant "step 1 of 3", docs/product/restaurant-setup.md#menu-setup):
 * shared by Create Restaurant (step 1) and Menu Management (steps 2 and 3).
 */
export function SetupSteps({ current, className }: { current: SetupStep; className?: string }) {
  const total = SETUP_STEPS.length;
  const label = `Step ${current} of ${total}`;
  return (
    <nav aria-label="Restaurant setup" className={cn('flex flex-col gap-3', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <p className="text-sm font-semibold text-brand-700">{label}</p>
        <p className="text-sm text-stone-500">{SETUP_STEPS[current - 1]}</p>
      </div>
      <div
        role="progressbar"
        aria-label="Setup progress"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={current}
        aria-valuetext={`${label}: ${SETUP_STEPS[current - 1]}`}
        className="h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-500"
          style={{ width: `${(current / total) * 100}%` }}
        />
      </div>
      <ol className="grid grid-cols-3 gap-2">
        {SETUP_STEPS.map((name, index) => {
          const step = index + 1;
          const done = step < current;
          const active = step === current;
          return (
            <li
              key={name}
              aria-current={active ? 'step' : undefined}
              className="flex min-w-0 flex-col items-start gap-1.5 sm:flex-row sm:items-center sm:gap-2.5"
            >
              <span
                className={cn(
                  'grid size-7 shrink-0 place-items-center rounded-full text-xs font-semibold',
                  done && 'bg-emerald-600 text-white',
                  active && 'bg-brand-600 text-white ring-4 ring-brand-100',
                  !done && !active && 'bg-white text-stone-500 ring-1 ring-stone-300',
                )}
              >
                {done ? <Check className="size-4" strokeWidth={3} aria-hidden /> : step}
              </span>
              <span
                className={cn(
                  'text-xs leading-4 font-medium sm:text-sm',
                  active ? 'text-stone-900' : 'text-stone-500',
                )}
              >
                {name}
                {done && <span className="sr-only"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
