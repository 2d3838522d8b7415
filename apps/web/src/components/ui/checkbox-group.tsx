import { Check } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

type CheckboxGroupProps<T extends string> = {
  /** The group's name, read before each box ("Allergens, group"). */
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** The values in the order they are listed. */
  options: readonly T[];
  labels: Record<T, string>;
  selected: readonly T[];
  /** The new selection, in the order of `options`. */
  onChange: (selected: T[]) => void;
  /** The grid's columns (the default: two on a phone, three from 640 px). */
  gridClassName?: string;
  className?: string;
};

/**
 * A labelled set of checkboxes, each a tile at least 44 px high: real inputs in a fieldset, so a
 * screen reader names the group and each box, and the keyboard moves through them in order.
 */
export function CheckboxGroup<T extends string>({
  legend,
  hint,
  error,
  options,
  labels,
  selected,
  onChange,
  gridClassName = 'grid-cols-2 sm:grid-cols-3',
  className,
}: CheckboxGroupProps<T>) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const toggle = (value: T, checked: boolean) =>
    onChange(options.filter((option) => (option === value ? checked : selected.includes(option))));

  return (
    <fieldset aria-describedby={describedBy} className={cn('min-w-0', className)}>
      <legend className="text-sm font-medium text-stone-700">{legend}</legend>
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-stone-500">
          {hint}
        </p>
      )}
      <div className={cn('mt-2.5 grid gap-2', gridClassName)}>
        {options.map((option) => {
          const checked = selected.includes(option);
          return (
            <label
              key={option}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border px-3 py-2 text-sm leading-snug transition-colors select-none',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
                checked
                  ? 'border-brand-300 bg-brand-50 font-medium text-stone-900'
                  : 'border-stone-200 bg-white text-stone-700 hover:border-stone-300 hover:bg-stone-50',
              )}
            >
              <input
                type="checkbox"
                name={option}
                checked={checked}
                onChange={(event) => toggle(option, event.target.checked)}
                className="peer sr-only"
              />
              <span
                aria-hidden
                className={cn(
                  'grid size-5 shrink-0 place-items-center rounded-md border transition-colors',
                  checked ? 'border-brand-600 bg-brand-600 text-white' : 'border-stone-300 bg-white',
                )}
              >
                {checked && <Check className="size-3.5" strokeWidth={3} />}
              </span>
              <span className="min-w-0">{labels[option]}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
