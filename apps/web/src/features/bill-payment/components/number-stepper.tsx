import { Minus, Plus } from 'lucide-react';

type NumberStepperProps = {
  /** The visible label, also the group's accessible name. */
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** A count someone else fixed (a line already split): shown, not changed. */
  fixed?: boolean;
};

const button =
  'inline-flex size-11 items-center justify-center rounded-full text-stone-800 transition-colors hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40';

/** − n + with 44-px buttons, labelled for a screen reader by what it counts. */
export function NumberStepper({ label, value, min, max, onChange, fixed }: NumberStepperProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a border and legend this compact control does not want.
    <div role="group" aria-label={label} className="flex items-center justify-between gap-3">
      <span className="text-sm font-medium text-stone-700">{label}</span>
      <span className="inline-flex items-center rounded-full border border-stone-200 bg-white">
        <button
          type="button"
          className={button}
          onClick={() => onChange(value - 1)}
          disabled={fixed || value <= min}
          aria-label={`${label}: fewer`}
        >
          <Minus className="size-4" strokeWidth={2.5} aria-hidden />
        </button>
        <output className="min-w-7 text-center text-base font-bold tabular-nums" aria-live="polite">
          {value}
        </output>
        <button
          type="button"
          className={button}
          onClick={() => onChange(value + 1)}
          disabled={fixed || value >= max}
          aria-label={`${label}: more`}
        >
          <Plus className="size-4" strokeWidth={2.5} aria-hidden />
        </button>
      </span>
    </div>
  );
}
