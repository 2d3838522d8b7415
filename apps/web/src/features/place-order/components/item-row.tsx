import type { MenuItem } from '@tableserve/contract/menu';
import { X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { hasOptions } from '@/lib/item-options';
import { formatDollars } from '@/lib/money';
import { AllergenNote } from '@/orders/components/allergen-note';
import { portionsLeft } from '@/orders/lib/dish-stock';
import { dishOf, type PlaceOrderRow, placeOrderTexts, QUANTITY_CHOICES } from '../lib/place-order-form';
import { ChosenOptions } from './chosen-options';
import { selectClasses } from './select-classes';

type ItemRowProps = {
  row: PlaceOrderRow;
  index: number;
  /** The items this row may hold (those not chosen in another row). */
  menu: MenuItem[];
  error: string | undefined;
  removable: boolean;
  /** A dish picked in the select: the form decides whether its options are chosen first. */
  onChooseDish: (menuId: string) => void;
  onChangeOptions: (item: MenuItem) => void;
  onChange: (change: Partial<PlaceOrderRow>) => void;
  onRemove: () => void;
};

/** One line of the order: its dish (and options), its quantity, and a button to remove it. */
export function ItemRow({
  row,
  index,
  menu,
  error,
  removable,
  onChooseDish,
  onChangeOptions,
  onChange,
  onRemove,
}: ItemRowProps) {
  const id = useId();
  const label = `Item ${index + 1}`;
  const dish = dishOf(row, menu);
  // What the chosen dish contains, for the owner to tell the walk-in who asks.
  const allergens = dish?.allergens ?? [];
  return (
    <li className="grid grid-cols-[1fr_auto] items-start gap-x-3 gap-y-3 rounded-xl border border-stone-200 bg-stone-50/60 p-3 sm:grid-cols-[1fr_7rem_auto] sm:border-0 sm:bg-transparent sm:p-0">
      <div className="col-span-2 flex min-w-0 flex-col gap-1.5 sm:col-span-1">
        <label htmlFor={`${id}-item`} className="text-sm font-medium text-stone-700">
          {label}
        </label>
        <select
          id={`${id}-item`}
          name="menu_id"
          value={row.menuId}
          onChange={(event) => onChooseDish(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [error && `${id}-error`, allergens.length > 0 && `${id}-allergens`].filter(Boolean).join(' ') ||
            undefined
          }
          className={cn(selectClasses, !row.menuId && 'text-stone-500')}
        >
          <option value="">Select a menu item</option>
          {menu.map((item) => (
            <option key={item.menu_id} value={String(item.menu_id)}>
              {[
                item.item_name,
                formatDollars(item.price),
                hasOptions(item) && placeOrderTexts.withOptions,
                portionsLeft(item),
              ]
                .filter(Boolean)
                .join(' · ')}
            </option>
          ))}
        </select>
        {dish && hasOptions(dish) && (
          <ChosenOptions
            dish={dish}
            options={row.options}
            rowLabel={label}
            onChange={() => onChangeOptions(dish)}
          />
        )}
        {allergens.length > 0 && (
          <p id={`${id}-allergens`}>
            <AllergenNote allergens={allergens} size="compact" />
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-quantity`} className="text-sm font-medium text-stone-700">
          <span className="sr-only">{label} </span>Quantity
        </label>
        <select
          id={`${id}-quantity`}
          name="quantity"
          value={row.quantity}
          onChange={(event) => onChange({ quantity: Number(event.target.value) })}
          className={selectClasses}
        >
          {QUANTITY_CHOICES.map((quantity) => (
            <option key={quantity} value={quantity}>
              {quantity}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <span aria-hidden className="text-sm select-none">
          &nbsp;
        </span>
        <Button
          variant="ghost"
          className="size-[2.875rem] px-0! text-stone-500 hover:bg-red-50 hover:text-red-700"
          onClick={onRemove}
          disabled={!removable}
          aria-label={`Remove ${label.toLowerCase()}`}
        >
          <X className="size-5" aria-hidden />
        </Button>
      </div>
    </li>
  );
}
