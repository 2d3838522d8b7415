import { cartMessages } from '@tableserve/contract/cart';
import { describeOptions } from '@tableserve/contract/option-choices';
import { Trash2 } from 'lucide-react';
import { ItemImage } from '@/components/ui/item-image';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { optionsText } from '@/lib/item-options';
import { formatDollars, lineTotal } from '@/lib/money';
import type { CartLine } from '@/session/diner/cart';

type CartLineRowProps = {
  line: CartLine;
  /** The dish has left the menu since it was added (sold out, or switched off). */
  soldOut?: boolean;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
};

/** One cart line: photo, name, unit price, − quantity +, Remove and the line total (docs/product/ordering.md#cart). */
export function CartLineRow({ line, soldOut = false, onQuantityChange, onRemove }: CartLineRowProps) {
  const choices = describeOptions(line.options);
  // Two lines of one dish differ by their choices: the controls' names say which line they act on.
  const name = choices ? `${line.item_name}, ${choices}` : line.item_name;
  return (
    <li aria-label={name} className="flex gap-3.5 py-4 md:gap-5 md:py-5">
      <ItemImage
        src={line.image}
        name={line.item_name}
        category={line.category}
        className="size-20 rounded-xl md:size-24"
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 font-semibold leading-snug text-stone-900">{line.item_name}</h3>
          <p className="shrink-0 text-base font-bold text-stone-900 tabular-nums">
            <span className="sr-only">Line total </span>
            {formatDollars(lineTotal(line.price, line.quantity))}
          </p>
        </div>
        {/* Below the name and total, not beside the total: the choices get the column's whole width. */}
        {choices && <p className="mt-0.5 text-sm leading-snug text-stone-600">{optionsText(line.options)}</p>}
        {soldOut ? (
          <p className="mt-1 inline-flex self-start rounded-full bg-red-50 px-2.5 py-0.5 text-sm font-semibold text-red-800 ring-1 ring-red-200 ring-inset">
            {cartMessages.soldOut}
          </p>
        ) : (
          <p className="mt-0.5 text-sm text-stone-500 tabular-nums">{formatDollars(line.price)} each</p>
        )}
        <div className="mt-3 flex flex-wrap items-center justify-between gap-x-1 gap-y-2">
          {soldOut ? (
            <span />
          ) : (
            <QuantityStepper
              itemName={name}
              quantity={line.quantity}
              onChange={onQuantityChange}
              tone="light"
            />
          )}
          <button
            type="button"
            onClick={onRemove}
            aria-label={`Remove ${name}`}
            className="-mr-2 inline-flex min-h-11 items-center gap-1.5 rounded-full px-2.5 text-sm font-semibold text-stone-500 transition-colors hover:bg-red-50 hover:text-red-700"
          >
            <Trash2 className="size-4" aria-hidden />
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
