import { type OrderStatus, orderMessages } from '@tableserve/contract/order';
import { Check, CircleX } from 'lucide-react';
import { cn } from '@/lib/cn';
import { orderProgress } from '../lib/order-progress';

/**
 * The progress steps of docs/product/order-statuses.md#progress-steps, ticked up to the order's position, or
 * 'Your Order is Cancelled' in their place.
 */
export function ProgressChecklist({ status }: { status: OrderStatus }) {
  const steps = orderProgress(status);
  if (!steps) {
    return (
      <div className="flex items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-4 text-red-900">
        <CircleX className="size-6 shrink-0 text-red-600" aria-hidden />
        <p className="text-base font-semibold">{orderMessages.cancelled}</p>
      </div>
    );
  }
  return (
    <ol aria-label="Order progress" className="flex flex-col">
      {steps.map((step, index) => {
        const last = index === steps.length - 1;
        return (
          <li
            key={step.label}
            aria-current={step.current ? 'step' : undefined}
            className="relative flex min-h-14 gap-4 pb-2 last:min-h-0 last:pb-0"
          >
            {!last && (
              <span
                aria-hidden
                className={cn(
                  'absolute top-9 bottom-0 left-[17px] w-0.5 rounded-full',
                  steps[index + 1]?.done ? 'bg-brand-500' : 'bg-stone-200',
                )}
              />
            )}
            <span
              aria-hidden
              className={cn(
                'relative grid size-9 shrink-0 place-items-center rounded-full transition-colors',
                step.done ? 'bg-brand-600 text-white' : 'border-2 border-stone-200 bg-white text-stone-300',
                step.current && 'ring-4 ring-brand-100',
              )}
            >
              {step.done ? (
                <Check className="size-5" strokeWidth={3} />
              ) : (
                <span className="size-2 rounded-full bg-current" />
              )}
            </span>
            <span className="flex min-h-9 flex-col justify-center">
              <span
                className={cn('text-base', step.done ? 'font-semibold text-stone-900' : 'text-stone-500')}
              >
                {step.label}
              </span>
              <span className="sr-only">{step.done ? '(done)' : '(not yet)'}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
