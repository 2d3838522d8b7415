import { Plus } from 'lucide-react';
import { type ButtonHTMLAttributes, useId } from 'react';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';
import { itemChoiceTexts } from '../lib/item-choice';

/**
 * How a dish goes into the cart: straight in, then − quantity + for its one line; or, for a dish
 * with options, through its chooser every time, as each choice makes a line of its own (ADR 017),
 * its quantity then counting all its lines.
 */
export type CartControl =
  | { kind: 'stepper'; quantity: number; onChange: (quantity: number) => void }
  | { kind: 'chooser'; quantity: number; onChoose: () => void };

type AddToCartControlProps = { itemName: string; control: CartControl; className?: string };

/**
 * "Add" until the item is in the cart, then − quantity + (docs/product/menu.md#diner-menu). A dish
 * with options keeps its Add, with how many are in the cart beside it.
 */
export function AddToCartControl({ itemName, control, className }: AddToCartControlProps) {
  const countId = useId();
  if (control.kind === 'stepper') {
    return control.quantity > 0 ? (
      <QuantityStepper
        itemName={itemName}
        quantity={control.quantity}
        onChange={control.onChange}
        className={className}
      />
    ) : (
      <AddButton itemName={itemName} onClick={() => control.onChange(1)} className={className} />
    );
  }
  const inCart = control.quantity > 0;
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      {inCart && (
        <span
          id={countId}
          className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-bold whitespace-nowrap text-brand-800 tabular-nums ring-1 ring-brand-200 ring-inset"
        >
          {itemChoiceTexts.inCart(control.quantity)}
        </span>
      )}
      <AddButton
        itemName={itemName}
        onClick={control.onChoose}
        aria-haspopup="dialog"
        aria-describedby={inCart ? countId : undefined}
      />
    </span>
  );
}

function AddButton({
  itemName,
  className,
  ...rest
}: { itemName: string } & Pick<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'onClick' | 'className' | 'aria-haspopup' | 'aria-describedby'
>) {
  // The menu is painted from the server's HTML before its script runs: till the app has hydrated
  // it, a tap would do nothing and be lost, so Add says it is not ready yet (as Log in does).
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      aria-label={`Add ${itemName}`}
      disabled={!hydrated}
      className={cn(
        'inline-flex min-h-11 items-center gap-1.5 rounded-full border-2 border-brand-600 bg-white px-5 text-sm font-bold text-brand-700 shadow-sm transition-colors hover:bg-brand-50 active:bg-brand-100 disabled:cursor-wait disabled:opacity-60',
        className,
      )}
      {...rest}
    >
      <Plus className="size-4" strokeWidth={2.75} aria-hidden />
      Add
    </button>
  );
}
