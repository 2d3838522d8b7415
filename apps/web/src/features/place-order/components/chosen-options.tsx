import type { MenuItem } from '@tableserve/contract/menu';
import { SlidersHorizontal } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { chosenOptions, unitPriceOf } from '@/lib/item-options';
import { formatDollars } from '@/lib/money';
import { LineOptions } from '@/orders/components/line-options';
import { optionChoiceTexts } from '@/orders/components/option-choice-dialog';
import { placeOrderTexts } from '../lib/place-order-form';

type ChosenOptionsProps = {
  /** A dish with option groups (docs/decisions/017-item-options.md). */
  dish: MenuItem;
  /** The chosen option ids. */
  options: number[];
  /** The row's name, 'Item 2', which the button's accessible name repeats. */
  rowLabel: string;
  onChange: () => void;
};

/** Under a row's dish: what was chosen, the price each with it, and a button to choose again. */
export function ChosenOptions({ dish, options, rowLabel, onChange }: ChosenOptionsProps) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg bg-white py-2 pr-1 pl-3 ring-1 ring-stone-200 ring-inset">
      <p className="min-w-0 flex-1 text-sm text-stone-700">
        <LineOptions options={chosenOptions(dish.option_groups, options)} />
        <span className="block font-semibold text-stone-900 tabular-nums">
          {optionChoiceTexts.each(formatDollars(unitPriceOf(dish, options)))}
        </span>
      </p>
      <Button
        variant="ghost"
        size="sm"
        className="min-h-11! shrink-0 text-brand-700 hover:text-brand-800"
        onClick={onChange}
        aria-label={placeOrderTexts.changeOptionsOf(rowLabel)}
      >
        <SlidersHorizontal className="size-4" aria-hidden />
        {placeOrderTexts.changeOptions}
      </Button>
    </div>
  );
}
