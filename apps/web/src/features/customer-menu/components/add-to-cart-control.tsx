import { Plus } from 'lucide-react';
import type { CartLine } from '@/features/diner/lib/cart';
import { cn } from '@/lib/cn';
import { QuantityStepper } from './quantity-stepper';

type AddToCartControlProps = {
  item: Omit<CartLine, 'quantity'>;
  quantity: number;
  onChange: (quantity: number) => void;
  className?: string;
};

/** "Add" until the item is in the cart, then − quantity + (customer-side §2 Customer menu). */
export function AddToCartControl({ item, quantity, onChange, className }: AddToCartControlProps) {
  if (quantity > 0) {
    return (
      <QuantityStepper
        itemName={item.item_name}
        quantity={quantity}
        onChange={onChange}
        className={className}
      />
    );
  }
  return (
    <button
      type="button"
      onClick={() => onChange(1)}
      aria-label={`Add ${item.item_name}`}
      className={cn(
        'inline-flex min-h-11 items-center gap-1.5 rounded-full border-2 border-brand-600 bg-white px-5 text-sm font-bold text-brand-700 shadow-sm transition-colors hover:bg-brand-50 active:bg-brand-100',
        className,
      )}
    >
      <Plus className="size-4" strokeWidth={2.75} aria-hidden />
      Add
    </button>
  );
}
