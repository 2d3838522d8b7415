import type { Plan } from '@tableserve/contract/subscription';
import { Check, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { formatDollars } from '@/lib/money';

type PlanOptionProps = {
  plan: Plan;
  selected: boolean;
  recommended: boolean;
  /** The owner's lapsed plan, labelled with `currentLabel`. */
  current?: boolean;
  currentLabel?: string;
  onSelect: (planId: number) => void;
};

/** One plan of the plan picker: a whole-card radio button, like the pricing page's cards. */
export function PlanOption({
  plan,
  selected,
  recommended,
  current,
  currentLabel = 'Your previous plan',
  onSelect,
}: PlanOptionProps) {
  const nameId = useId();
  const priceId = useId();
  return (
    <label
      className={cn(
        'relative flex h-full cursor-pointer flex-col rounded-2xl border bg-white p-6 shadow-card transition md:p-7',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
        selected
          ? 'border-transparent shadow-raised ring-2 ring-brand-600'
          : 'border-stone-200/70 hover:border-brand-300 hover:shadow-raised',
      )}
    >
      <input
        type="radio"
        name="plan"
        value={plan.plan_id}
        checked={selected}
        onChange={() => onSelect(plan.plan_id)}
        aria-labelledby={nameId}
        aria-describedby={priceId}
        className="sr-only"
      />
      {(recommended || current) && (
        <span
          className={cn(
            'absolute -top-3.5 left-6 inline-flex items-center gap-1 rounded-full px-3 py-1 text-xs font-semibold tracking-wide whitespace-nowrap',
            current ? 'bg-stone-900 text-white' : 'bg-brand-600 text-white',
          )}
        >
          {current ? (
            currentLabel
          ) : (
            <>
              <Sparkles className="size-3.5" aria-hidden />
              Recommended
            </>
          )}
        </span>
      )}
      <div className="flex items-start justify-between gap-4">
        <h2 id={nameId} className="text-lg font-semibold">
          {plan.name}
        </h2>
        <span
          aria-hidden
          className={cn(
            'grid size-6 shrink-0 place-items-center rounded-full border-2 transition-colors',
            selected ? 'border-brand-600 bg-brand-600 text-white' : 'border-stone-300 bg-white',
          )}
        >
          {selected && <Check className="size-3.5" strokeWidth={3.5} />}
        </span>
      </div>
      <p className="mt-1.5 text-sm leading-6 text-stone-600">{plan.description}</p>
      <p id={priceId} className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-stone-900">{formatDollars(plan.price)}</span>
        <span className="text-sm font-medium text-stone-500">/month</span>
      </p>
      {plan.features.length > 0 && (
        <ul className="mt-6 space-y-3 border-t border-stone-100 pt-6 text-sm text-stone-700">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2.5">
              <Check className="mt-0.5 size-4 shrink-0 text-brand-600" strokeWidth={2.6} aria-hidden />
              {feature}
            </li>
          ))}
        </ul>
      )}
    </label>
  );
}
