import { type LucideIcon, ShoppingBag, UtensilsCrossed } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { OrderType } from '../lib/order-payload';

const options: Array<{ value: OrderType; label: string; description: string; icon: LucideIcon }> = [
  { value: 'pickup', label: 'Pickup', description: 'Collect it at the counter', icon: ShoppingBag },
  { value: 'dine-in', label: 'Dine In', description: 'We bring it to your table', icon: UtensilsCrossed },
];

type OrderTypeToggleProps = {
  value: OrderType;
  onChange: (value: OrderType) => void;
  dineInDisabled?: boolean;
};

/** Pickup / Dine In (docs/product/ordering.md#checkout): two big radio cards, easy to hit with a thumb. */
export function OrderTypeToggle({ value, onChange, dineInDisabled }: OrderTypeToggleProps) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-700">Order type</legend>
      <div className="mt-2 grid grid-cols-2 gap-3">
        {options.map((option) => {
          const disabled = option.value === 'dine-in' && dineInDisabled;
          const checked = value === option.value;
          return (
            <label
              key={option.value}
              className={cn(
                'relative flex min-h-20 cursor-pointer flex-col items-start gap-1 rounded-xl border-2 p-3.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 sm:flex-row sm:items-center sm:gap-3',
                checked ? 'border-brand-600 bg-brand-50' : 'border-stone-200 bg-white hover:border-stone-300',
                disabled && 'cursor-not-allowed opacity-50',
              )}
            >
              <input
                type="radio"
                name="order_type"
                value={option.value}
                checked={checked}
                disabled={disabled}
                onChange={() => onChange(option.value)}
                className="sr-only"
              />
              <option.icon
                aria-hidden
                className={cn('size-6 shrink-0', checked ? 'text-brand-700' : 'text-stone-500')}
              />
              <span className="min-w-0">
                <span className="block text-base font-semibold text-stone-900">{option.label}</span>
                <span className="block text-xs text-stone-600 sm:text-sm">{option.description}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
