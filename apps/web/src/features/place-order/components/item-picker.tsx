import type { MenuItem } from '@tableserve/contract/menu';
import { MAX_ORDER_LINES } from '@tableserve/contract/order';
import { Plus, ShoppingBasket } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormSection } from '@/components/ui/form-section';
import { hasOptions } from '@/lib/item-options';
import { OptionChoiceDialog, optionChoiceTexts } from '@/orders/components/option-choice-dialog';
import type { PlaceOrderFormState } from '../hooks/use-place-order-values';
import { canAddRow, dishOf, type PlaceOrderRow } from '../lib/place-order-form';
import { ItemRow } from './item-row';

type ItemPickerProps = {
  form: PlaceOrderFormState;
  /** The menu's items that can be ordered now. */
  menu: MenuItem[];
};

/**
 * The order's lines: a dish and a quantity each, one more at a time up to the limit. A dish with
 * option groups opens the chooser, and joins its row only once chosen for (docs/decisions/017-item-options.md).
 */
export function ItemPicker({ form, menu }: ItemPickerProps) {
  const { values, errors, setRow } = form;
  // The row whose dish's options are being chosen, and what it had chosen.
  const [choosing, setChoosing] = useState<{ rowKey: number; item: MenuItem; initial: number[] } | null>(
    null,
  );

  function chooseDish(row: PlaceOrderRow, menuId: string) {
    const item = dishOf({ menuId }, menu);
    if (item && hasOptions(item)) setChoosing({ rowKey: row.key, item, initial: [] });
    else setRow(row.key, { menuId, options: [] });
  }

  // A dish without options is on one row only; one with options may be on several, chosen differently.
  const chosen = (except: number) =>
    new Set(values.rows.filter((row) => row.key !== except).map((row) => row.menuId));
  const offeredTo = (rowKey: number) =>
    menu.filter((item) => hasOptions(item) || !chosen(rowKey).has(String(item.menu_id)));

  return (
    <FormSection icon={ShoppingBasket} title="Items">
      <div className="flex flex-col gap-4 md:col-span-2">
        <ol className="flex flex-col gap-4">
          {values.rows.map((row, index) => (
            <ItemRow
              key={row.key}
              row={row}
              index={index}
              menu={offeredTo(row.key)}
              error={errors.rows?.[row.key]}
              removable={values.rows.length > 1}
              onChooseDish={(menuId) => chooseDish(row, menuId)}
              onChangeOptions={(item) => setChoosing({ rowKey: row.key, item, initial: row.options })}
              onChange={(change) => setRow(row.key, change)}
              onRemove={() => form.removeRow(row.key)}
            />
          ))}
        </ol>
        {errors.items && <p className="text-sm text-red-700">{errors.items}</p>}
        <div>
          <Button
            variant="secondary"
            onClick={form.addRow}
            disabled={!canAddRow(values) || (!menu.some(hasOptions) && values.rows.length >= menu.length)}
            title={values.rows.length >= MAX_ORDER_LINES ? `At most ${MAX_ORDER_LINES} lines` : undefined}
          >
            <Plus className="size-4" aria-hidden />
            Add another item
          </Button>
        </div>
      </div>
      <OptionChoiceDialog
        item={choosing?.item ?? null}
        initial={choosing?.initial}
        confirmLabel={optionChoiceTexts.useOptions}
        onConfirm={(options) => {
          if (choosing) setRow(choosing.rowKey, { menuId: String(choosing.item.menu_id), options });
          setChoosing(null);
        }}
        onClose={() => setChoosing(null)}
      />
    </FormSection>
  );
}
