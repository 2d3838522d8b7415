import { MAX_QUANTITY } from '@tableserve/contract/order';
import { Minus, Plus } from 'lucide-react';
import { cn } from '@/lib/cn';

type QuantityStepperProps = {
  itemName: string;
  quantity: number;
  /** Called with the wanted quantity; 0 removes the line (docs/product/ordering.md#cart). */
  onChange: (quantity: number) => void;
  /** The fewest allowed: − is disabled there (the cart's stepper goes down to 0, which removes). */
  min?: number;
  tone?: 'brand' | 'light';
  className?: string;
};

const tones = {
  brand: 'bg-brand-600 text-white [&_button:hover]:bg-brand-700 [&_button:active]:bg-brand-800',
  light:
    'border border-stone-200 bg-white text-stone-900 [&_button:hover]:bg-stone-100 [&_button:active]:bg-stone-200',
};

/** − quantity + with 44-px buttons, so a thumb hits them on a phone. */
export function QuantityStepper({
  itemName,
  quantity,
  onChange,
  min = 0,
  tone = 'brand',
  className,
}: QuantityStepperProps) {
  const buttonClasses =
    'inline-flex size-11 items-center justify-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-40';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a border and legend this compact control does not want.
    <div
      role="group"
      aria-label={`Quantity of ${itemName}`}
      className={cn('inline-flex items-center rounded-full shadow-sm', tones[tone], className)}
    >
      <button
        type="button"
        className={buttonClasses}
        onClick={() => onChange(quantity - 1)}
        disabled={quantity <= min}
        aria-label={`Remove one ${itemName}`}
      >
        <Minus className="size-4" strokeWidth={2.5} aria-hidden />
      </button>
      <span className="min-w-7 text-center text-base font-bold tabular-nums" aria-live="polite">
        {quantity}
      </span>
      <button
        type="button"
        className={buttonClasses}
        onClick={() => onChange(quantity + 1)}
        disabled={quantity >= MAX_QUANTITY}
        aria-label={`Add one more ${itemName}`}
      >
        <Plus className="size-4" strokeWidth={2.5} aria-hidden />
      </button>
    </div>
  );
}
