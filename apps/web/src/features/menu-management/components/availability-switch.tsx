import { useId } from 'react';
import { SwitchTrack } from '@/components/ui/switch-track';

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
      <SwitchTrack on={checked} onClassName="bg-emerald-600" />
    </label>
  );
}
