import { MAX_QUANTITY } from '@tableserve/contract/order';
import { cn } from '@/lib/cn';
import { Stepper } from './stepper';

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

/** A dish's quantity, up to the most one line may order. */
export function QuantityStepper({
  itemName,
  quantity,
  onChange,
  min = 0,
  tone = 'brand',
  className,
}: QuantityStepperProps) {
  return (
    <Stepper
      label={`Quantity of ${itemName}`}
      value={quantity}
      onChange={onChange}
      min={min}
      max={MAX_QUANTITY}
      fewerLabel={`Remove one ${itemName}`}
      moreLabel={`Add one more ${itemName}`}
      tone={tone}
      className={cn('shadow-sm', className)}
    />
  );
}
