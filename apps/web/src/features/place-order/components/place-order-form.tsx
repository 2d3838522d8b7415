import type { MenuItem } from '@tableserve/contract/menu';
import { MAX_ORDER_LINES } from '@tableserve/contract/order';
import { type OwnerPlaceOrderBody, ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ClipboardCheck,
  NotebookPen,
  Plus,
  ShoppingBasket,
  SlidersHorizontal,
  UserRound,
  X,
} from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { control, TextAreaField, TextField } from '@/components/ui/field';
import { FormSection } from '@/components/ui/form-section';
import { PhoneField } from '@/components/ui/phone-field';
import { ApiRequestError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { chosenOptions, hasOptions, unitPriceOf } from '@/lib/item-options';
import { formatDollars } from '@/lib/money';
import { placeOwnerOrder } from '@/orders/api/order-actions';
import { staffOrderKeys } from '@/orders/api/staff-order-keys';
import { AllergenNote } from '@/orders/components/allergen-note';
import { LineOptions } from '@/orders/components/line-options';
import { OptionChoiceDialog, optionChoiceTexts } from '@/orders/components/option-choice-dialog';
import { portionsLeft } from '@/orders/lib/dish-stock';
import { isRefusedToken } from '@/session/owner/owner-session';
import {
  attemptFor,
  canAddRow,
  DETAILS_MAX,
  dishOf,
  emptyPlaceOrderValues,
  estimatedTotal,
  newRow,
  type PlaceOrderAttempt,
  type PlaceOrderErrors,
  type PlaceOrderRow,
  type PlaceOrderValues,
  placeOrderErrorsFromServer,
  placeOrderTexts,
  QUANTITY_CHOICES,
  tableChoices,
  validatePlaceOrder,
} from '../lib/place-order-form';

type PlaceOrderFormProps = {
  restaurantId: number;
  userId: number;
  token: string;
  /** The menu's items that can be ordered now: available and not sold out. */
  menu: MenuItem[];
  /** undefined while loading or when the restaurant could not be read: Pick-up only. */
  numberOfTables: number | undefined;
  /** Called when the server refuses the owner's token. */
  onRefused: () => void;
};

const selectClasses = cn(control, 'min-h-[2.875rem] appearance-auto pr-2');

/** Which error an edit of a field clears. */
const errorOf = {
  customerName: 'customer_name',
  phoneNumber: 'phone_number',
  details: 'other_order_details',
  table: 'items',
  rows: 'items',
} as const satisfies Record<keyof PlaceOrderValues, keyof PlaceOrderErrors>;

/**
 * The owner's Place Order form (docs/product/staff-screens.md#owner-place-order): "a plain form",
 * kept to one tidy card. One Idempotency-Key per payload, so a double click places one order.
 */
export function PlaceOrderForm({
  restaurantId,
  userId,
  token,
  menu,
  numberOfTables,
  onRefused,
}: PlaceOrderFormProps) {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const lastAttempt = useRef<PlaceOrderAttempt | null>(null);
  const [values, setValues] = useState<PlaceOrderValues>(emptyPlaceOrderValues);
  const [errors, setErrors] = useState<PlaceOrderErrors>({});
  const [serverMessage, setServerMessage] = useState<string>();
  // The row whose dish's options are being chosen, and what it had chosen (docs/decisions/017-item-options.md).
  const [choosing, setChoosing] = useState<{ rowKey: number; item: MenuItem; initial: number[] } | null>(
    null,
  );
  const place = useMutation({
    mutationFn: ({ body, key }: { body: OwnerPlaceOrderBody; key: string }) =>
      placeOwnerOrder(token, body, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffOrderKeys.all(restaurantId) }),
  });

  const total = estimatedTotal(values.rows, menu);
  const tables = tableChoices(numberOfTables);

  function set<K extends keyof PlaceOrderValues>(field: K, value: PlaceOrderValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [errorOf[field]]: undefined }));
  }

  function setRow(key: number, change: Partial<PlaceOrderRow>) {
    setValues((current) => ({
      ...current,
      rows: current.rows.map((row) => (row.key === key ? { ...row, ...change } : row)),
    }));
    if ('menuId' in change || 'options' in change)
      setErrors((current) => {
        const { [key]: _, ...rows } = current.rows ?? {};
        return { ...current, rows, items: undefined };
      });
  }

  /** A dish with option groups opens the chooser, and joins the row only once chosen for. */
  function chooseDish(row: PlaceOrderRow, menuId: string) {
    const item = dishOf({ menuId }, menu);
    if (item && hasOptions(item)) setChoosing({ rowKey: row.key, item, initial: [] });
    else setRow(row.key, { menuId, options: [] });
  }

  function focusFirstProblem() {
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (place.isPending) return;
    setServerMessage(undefined);
    const result = validatePlaceOrder(values, { restaurantId, userId, menu });
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstProblem();
      return;
    }
    setErrors({});
    const attempt = attemptFor(lastAttempt.current, result.body, () => crypto.randomUUID());
    lastAttempt.current = attempt;
    place.mutate(
      { body: result.body, key: attempt.key },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          lastAttempt.current = null;
          setValues(emptyPlaceOrderValues());
        },
        onError: (error) => {
          console.error('Could not place the order', error);
          if (isRefusedToken(error)) return onRefused();
          toast.error(ownerOrderMessages.placeFailed);
          if (error instanceof ApiRequestError && error.status !== undefined) {
            setServerMessage(error.serverMessage);
            setErrors(placeOrderErrorsFromServer(error.body));
          }
        },
      },
    );
  }

  // A dish without options is on one row only; one with options may be on several, chosen differently.
  const chosen = (except: number) =>
    new Set(values.rows.filter((row) => row.key !== except).map((row) => row.menuId));
  const offeredTo = (rowKey: number) =>
    menu.filter((item) => hasOptions(item) || !chosen(rowKey).has(String(item.menu_id)));

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Place order">
      <Card>
        <FormSection icon={UserRound} title="Customer">
          <TextField
            label="Customer name"
            name="customer_name"
            autoComplete="off"
            value={values.customerName}
            onChange={(event) => set('customerName', event.target.value)}
            error={errors.customer_name}
            maxLength={100}
            required
          />
          <PhoneField
            label="Phone number"
            value={values.phoneNumber}
            onValueChange={(digits) => set('phoneNumber', digits)}
            error={errors.phone_number}
            autoComplete="off"
            required
          />
          <TableSelect
            value={values.table}
            tables={tables}
            unknown={numberOfTables === undefined}
            onChange={(table) => set('table', table)}
          />
        </FormSection>

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
                  onRemove={() =>
                    setValues((current) => ({
                      ...current,
                      rows: current.rows.filter((other) => other.key !== row.key),
                    }))
                  }
                />
              ))}
            </ol>
            {errors.items && <p className="text-sm text-red-700">{errors.items}</p>}
            <div>
              <Button
                variant="secondary"
                onClick={() => set('rows', [...values.rows, newRow()])}
                disabled={!canAddRow(values) || (!menu.some(hasOptions) && values.rows.length >= menu.length)}
                title={values.rows.length >= MAX_ORDER_LINES ? `At most ${MAX_ORDER_LINES} lines` : undefined}
              >
                <Plus className="size-4" aria-hidden />
                Add another item
              </Button>
            </div>
          </div>
        </FormSection>

        <FormSection icon={NotebookPen} title="Notes">
          <TextAreaField
            label="Other order details"
            name="other_order_details"
            rows={3}
            className="md:col-span-2 [&_textarea]:min-h-24"
            hint="Optional: allergies, a pick-up time, anything the kitchen should know."
            value={values.details}
            maxLength={DETAILS_MAX}
            onChange={(event) => set('details', event.target.value)}
            error={errors.other_order_details}
          />
        </FormSection>

        <div className="flex flex-col gap-4 rounded-b-2xl border-t border-stone-200 bg-stone-50/80 px-5 py-5 md:px-8">
          {serverMessage && <Alert type="error">{serverMessage}</Alert>}
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <label htmlFor="place-order-total" className="text-sm font-medium text-stone-600">
                Estimated total
              </label>
              <output id="place-order-total" className="block text-2xl font-bold text-stone-900 tabular-nums">
                {formatDollars(total)}
              </output>
              <p className="text-xs text-stone-500">Priced from your menu when the order is placed.</p>
            </div>
            <Button type="submit" size="lg" busy={place.isPending} className="w-full sm:w-auto sm:min-w-48">
              {!place.isPending && <ClipboardCheck className="size-4" aria-hidden />}
              {place.isPending ? ownerOrderMessages.placingOrder : ownerOrderMessages.placeOrder}
            </Button>
          </div>
        </div>
      </Card>
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
    </form>
  );
}

function TableSelect({
  value,
  tables,
  unknown,
  onChange,
}: {
  value: string;
  tables: number[];
  unknown: boolean;
  onChange: (table: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-700">
        Table
      </label>
      <select
        id={id}
        name="table_number"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
        className={selectClasses}
      >
        <option value="">{ownerOrderMessages.pickUp}</option>
        {tables.map((table) => (
          <option key={table} value={String(table)}>
            Table {table}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-sm text-stone-500">
        {unknown && tables.length === 0
          ? 'Tables are not available just now: pick-up only.'
          : 'Pick-up, or the table a walk-in sits at.'}
      </p>
    </div>
  );
}

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

function ItemRow({
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
          <div className="flex items-center justify-between gap-3 rounded-lg bg-white py-2 pr-1 pl-3 ring-1 ring-stone-200 ring-inset">
            <p className="min-w-0 flex-1 text-sm text-stone-700">
              <LineOptions options={chosenOptions(dish.option_groups, row.options)} />
              <span className="block font-semibold text-stone-900 tabular-nums">
                {optionChoiceTexts.each(formatDollars(unitPriceOf(dish, row.options)))}
              </span>
            </p>
            <Button
              variant="ghost"
              size="sm"
              className="min-h-11! shrink-0 text-brand-700 hover:text-brand-800"
              onClick={() => onChangeOptions(dish)}
              aria-label={placeOrderTexts.changeOptionsOf(label)}
            >
              <SlidersHorizontal className="size-4" aria-hidden />
              {placeOrderTexts.changeOptions}
            </Button>
          </div>
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
