import { useId } from 'react';
import { cn } from '@/lib/cn';

/** The item's "available" toggle: a real checkbox, announced as a switch. */
export function AvailabilitySwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className="flex min-h-11 cursor-pointer items-center justify-between gap-4 rounded-xl border border-stone-200 bg-stone-50/60 px-4 py-3 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
    >
      <span className="flex flex-col">
        <span className="text-sm font-medium text-stone-800">Available</span>
        <span className="text-sm text-stone-500">
          {checked ? 'Diners can order this item' : 'Hidden from ordering for now'}
        </span>
      </span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="peer sr-only"
      />
      <span
        aria-hidden
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors',
          checked ? 'bg-emerald-600' : 'bg-stone-300',
        )}
      >
        <span
          className={cn(
            'absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow-sm transition-transform',
            checked && 'translate-x-5',
          )}
        />
      </span>
    </label>
  );
}
