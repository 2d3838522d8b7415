import { Minus, Plus } from 'lucide-react';
import { cn } from '@/lib/cn';

type StepperProps = {
  /** The group's accessible name: what the number counts. */
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  /** The buttons' accessible names. */
  fewerLabel: string;
  moreLabel: string;
  /** A count fixed elsewhere: shown, not changed. */
  disabled?: boolean;
  tone?: 'brand' | 'light';
  className?: string;
};

const tones = {
  brand: 'bg-brand-600 text-white [&_button:hover]:bg-brand-700 [&_button:active]:bg-brand-800',
  light:
    'border border-stone-200 bg-white text-stone-900 [&_button:hover]:bg-stone-100 [&_button:active]:bg-stone-200',
};

const buttonClasses =
  'inline-flex size-11 items-center justify-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-40';

/** − n + with 44-px buttons, so a thumb hits them on a phone; every count the app steps. */
export function Stepper({
  label,
  value,
  onChange,
  min,
  max,
  fewerLabel,
  moreLabel,
  disabled = false,
  tone = 'brand',
  className,
}: StepperProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a border and legend this compact control does not want.
    <div
      role="group"
      aria-label={label}
      className={cn('inline-flex items-center rounded-full', tones[tone], className)}
    >
      <button
        type="button"
        className={buttonClasses}
        onClick={() => onChange(value - 1)}
        disabled={disabled || value <= min}
        aria-label={fewerLabel}
      >
        <Minus className="size-4" strokeWidth={2.5} aria-hidden />
      </button>
      <span className="min-w-7 text-center text-base font-bold tabular-nums" aria-live="polite">
        {value}
      </span>
      <button
        type="button"
        className={buttonClasses}
        onClick={() => onChange(value + 1)}
        disabled={disabled || value >= max}
        aria-label={moreLabel}
      >
        <Plus className="size-4" strokeWidth={2.5} aria-hidden />
      </button>
    </div>
  );
}
