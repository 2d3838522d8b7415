import { PHONE_DIGITS } from '@tableserve/contract/fields';
import { choicesProblem } from '@tableserve/contract/item-options';
import type { MenuItem } from '@tableserve/contract/menu';
import { MAX_ORDER_LINES, MAX_QUANTITY } from '@tableserve/contract/order';
import type { OwnerPlaceOrderBody } from '@tableserve/contract/owner-orders';
import { unitPriceOf } from '@/lib/item-options';
import { dollarsToCents } from '@/lib/money';

/**
 * The owner's Place Order form (docs/product/staff-screens.md#owner-place-order): a walk-in or phone
 * order. The total is an estimate from the menu's prices; the server prices the order anyway.
 */
export type PlaceOrderRow = {
  key: number;
  menuId: string;
  quantity: number;
  /** The chosen option ids of a dish with option groups (docs/decisions/017-item-options.md). */
  options: number[];
};

export type PlaceOrderValues = {
  customerName: string;
  phoneNumber: string;
  details: string;
  /** '' is pick-up; otherwise the table's number as the select holds it. */
  table: string;
  rows: PlaceOrderRow[];
};

export type PlaceOrderField = 'customer_name' | 'phone_number' | 'other_order_details' | 'items';
export type PlaceOrderErrors = Partial<Record<PlaceOrderField, string>> & {
  /** Per row key: the row has no menu item chosen, or its required options are missing. */
  rows?: Record<number, string>;
};

export const DETAILS_MAX = 500;
export const QUANTITY_CHOICES = Array.from({ length: MAX_QUANTITY }, (_, index) => index + 1);

export const placeOrderTexts = {
  nameRequired: 'Customer name is required',
  phoneInvalid: `Phone must be exactly ${PHONE_DIGITS} digits`,
  detailsTooLong: `Other order details must be at most ${DETAILS_MAX} characters`,
  itemRequired: 'Choose a menu item',
  noItems: 'Add at least one item',
  withOptions: 'with options',
  changeOptions: 'Change options',
  changeOptionsOf: (row: string) => `Change options of ${row.toLowerCase()}`,
} as const;

let nextRowKey = 1;
export const newRow = (): PlaceOrderRow => ({ key: nextRowKey++, menuId: '', quantity: 1, options: [] });

export const emptyPlaceOrderValues = (): PlaceOrderValues => ({
  customerName: '',
  phoneNumber: '',
  details: '',
  table: '',
  rows: [newRow()],
});

export const canAddRow = (form: PlaceOrderValues) => form.rows.length < MAX_ORDER_LINES;

/** 'Pick-up' first, then tables 1..number_of_tables (none when the restaurant is unknown). */
export const tableChoices = (numberOfTables: number | undefined) =>
  Array.from({ length: Math.max(0, Math.min(numberOfTables ?? 0, 500)) }, (_, index) => index + 1);

/**
 * The estimate the form sends as total_amount: the chosen items at the menu's prices with their
 * options' deltas, in dollars.
 */
export function estimatedTotal(rows: PlaceOrderRow[], menu: MenuItem[]): number {
  const cents = rows.reduce((sum, row) => {
    const item = dishOf(row, menu);
    return item ? sum + dollarsToCents(unitPriceOf(item, row.options)) * row.quantity : sum;
  }, 0);
  return cents / 100;
}

/** The row's dish, if one of the menu's is chosen. */
export const dishOf = (row: Pick<PlaceOrderRow, 'menuId'>, menu: MenuItem[]) =>
  menu.find((item) => String(item.menu_id) === row.menuId);

type Context = { restaurantId: number; userId: number; menu: MenuItem[] };

/** Checks the docs/product/staff-screens.md#owner-place-order required fields and builds the docs/product/staff-screens.md#owner-place-order payload. */
export function validatePlaceOrder(
  form: PlaceOrderValues,
  { restaurantId, userId, menu }: Context,
): { ok: true; body: OwnerPlaceOrderBody } | { ok: false; errors: PlaceOrderErrors } {
  const errors: PlaceOrderErrors = {};
  const customerName = form.customerName.trim();
  const details = form.details.trim();
  if (!customerName) errors.customer_name = placeOrderTexts.nameRequired;
  if (!new RegExp(`^\\d{${PHONE_DIGITS}}$`).test(form.phoneNumber))
    errors.phone_number = placeOrderTexts.phoneInvalid;
  if (details.length > DETAILS_MAX) errors.other_order_details = placeOrderTexts.detailsTooLong;
  const rowErrors: Record<number, string> = {};
  for (const row of form.rows) {
    const item = dishOf(row, menu);
    // The same words the server would refuse a missing required option with.
    const problem = item
      ? choicesProblem(item.item_name, item.option_groups, row.options)
      : placeOrderTexts.itemRequired;
    if (problem) rowErrors[row.key] = problem;
  }
  if (Object.keys(rowErrors).length > 0) errors.rows = rowErrors;
  if (form.rows.length === 0) errors.items = placeOrderTexts.noItems;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      restaurant_id: restaurantId,
      user_id: userId,
      customer_name: customerName,
      phone_number: form.phoneNumber,
      total_amount: estimatedTotal(form.rows, menu),
      other_order_details: details || undefined,
      table_number: form.table ? Number(form.table) : null,
      items: form.rows.map((row) => ({
        menu_id: Number(row.menuId),
        quantity: row.quantity,
        options: row.options,
      })),
    },
  };
}

/** The server's field errors (400 {errors: [{path, message}]}) placed on the form's fields. */
export function placeOrderErrorsFromServer(body: unknown): PlaceOrderErrors {
  const list = (body as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(list)) return {};
  const errors: PlaceOrderErrors = {};
  for (const entry of list as { path?: unknown; message?: unknown }[]) {
    if (typeof entry?.path !== 'string' || typeof entry.message !== 'string') continue;
    const field = entry.path.split('.')[0];
    if (field === 'customer_name' || field === 'phone_number' || field === 'other_order_details') {
      errors[field] ??= entry.message;
    } else if (field === 'items') errors.items ??= entry.message;
  }
  return errors;
}

/** The Idempotency-Key of the last attempt and the exact payload it was sent with. */
export type PlaceOrderAttempt = { key: string; payload: string };

/**
 * One Idempotency-Key per form fill: a double click or a retry of the same payload reuses the
 * key (the server places the order once), while a payload changed after a refusal gets a new one
 * (the server remembers a refusal under its key and would refuse a different payload with it).
 */
export function attemptFor(
  previous: PlaceOrderAttempt | null,
  body: OwnerPlaceOrderBody,
  newKey: () => string,
): PlaceOrderAttempt {
  const payload = JSON.stringify(body);
  return previous?.payload === payload ? previous : { key: newKey(), payload };
}
