import { allergenMessages, dietaryConflict } from '@tableserve/contract/allergens';
import type { OptionGroupsInput } from '@tableserve/contract/item-options';
import {
  type Allergen,
  type DietaryTag,
  ITEM_DESCRIPTION_MAX,
  ITEM_NAME_MAX,
  MENU_CATEGORIES,
  type MenuCategory,
  type MenuItem,
  MenuItemBody,
  stockMessages,
} from '@tableserve/contract/menu';
import {
  draftsOf,
  type OptionGroupDraft,
  type OptionGroupErrors,
  optionGroupsBody,
  optionGroupsChanged,
  validateOptionGroups,
} from './option-groups-form';

/** What the menu item form holds while the owner types (docs/product/menu.md#menu-management). */
export type MenuItemFormValues = {
  item_name: string;
  description: string;
  /** Kept as typed, so '12.' can become '12.50'. */
  price: string;
  category: MenuCategory | '';
  available: boolean;
  allergens: Allergen[];
  dietary_tags: DietaryTag[];
  /** Portions left, as typed: '' when the restaurant does not count them (docs/decisions/015-stock-and-sold-out.md). */
  stock: string;
  /** Sizes, extras (docs/decisions/017-item-options.md): edited in place, sent only when changed. */
  option_groups: OptionGroupDraft[];
  /** The tax rate's id as the select holds it, '' for the default (docs/decisions/020-money-model.md). */
  tax_rate_id: string;
};

export type RequiredField = 'item_name' | 'description' | 'price' | 'category';
/** The required fields' problems, and a dietary tag the chosen allergens contradict. */
export type MenuItemFormErrors = Partial<Record<RequiredField | 'dietary_tags' | 'stock', string>> & {
  /** Present only when a group has a problem, each by the contract's path. */
  option_groups?: OptionGroupErrors;
};

export const emptyMenuItemForm: MenuItemFormValues = {
  item_name: '',
  description: '',
  price: '',
  category: '',
  available: true,
  allergens: [],
  dietary_tags: [],
  stock: '',
  option_groups: [],
  tax_rate_id: '',
};

export { ITEM_DESCRIPTION_MAX, ITEM_NAME_MAX };

export function formValuesOf(item: MenuItem): MenuItemFormValues {
  return {
    item_name: item.item_name,
    description: item.description,
    price: String(item.price),
    category: item.category,
    available: item.available,
    allergens: [...item.allergens],
    dietary_tags: [...item.dietary_tags],
    stock: item.stock === null || item.stock === undefined ? '' : String(item.stock),
    option_groups: draftsOf(item.option_groups),
    tax_rate_id: item.tax_rate_id?.toString() ?? '',
  };
}

/** Digits with at most one decimal point: anything else (a minus sign, letters) is not a price. */
const PRICE_INPUT = /^\d*(\.\d*)?$/;

/**
 * The price after a keystroke: input that cannot be a price of 0 or more, such as a minus sign,
 * is ignored and the previous value stays (docs/product/menu.md#menu-management: negative input is ignored).
 */
export function nextPriceInput(previous: string, typed: string): string {
  const candidate = typed.trim();
  return PRICE_INPUT.test(candidate) ? candidate : previous;
}

/** A count is whole digits: a minus sign, a point or letters are ignored as typed. */
export function nextStockInput(previous: string, typed: string): string {
  const candidate = typed.trim();
  return /^\d{0,5}$/.test(candidate) ? candidate : previous;
}

const isCategory = (value: string): value is MenuCategory =>
  (MENU_CATEGORIES as readonly string[]).includes(value);

/** The first problem the contract's own rule finds, in the contract's words. */
function firstIssue(result: { success: boolean; error?: { issues: Array<{ message: string }> } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

/** Each required field's problem, using the same rules the server applies (MenuItemBody). */
export function validateMenuItemForm(values: MenuItemFormValues): MenuItemFormErrors {
  const { shape } = MenuItemBody;
  const errors: MenuItemFormErrors = {};
  const name = firstIssue(shape.item_name.safeParse(values.item_name));
  if (name) errors.item_name = name;
  const description = firstIssue(shape.description.safeParse(values.description));
  if (description) errors.description = description;
  const price = values.price.trim();
  if (price === '' || price === '.') errors.price = 'Price is required';
  else {
    const problem = firstIssue(shape.price.safeParse(Number(price)));
    if (problem) errors.price = problem;
  }
  if (!isCategory(values.category)) errors.category = 'Category is required';
  if (values.stock !== '' && !shape.stock.safeParse(Number(values.stock)).success)
    errors.stock = stockMessages.invalid;
  const conflict = dietaryConflict(values.dietary_tags, values.allergens);
  if (conflict) errors.dietary_tags = allergenMessages.conflict(conflict.tag, conflict.allergen);
  const options = validateOptionGroups(values.option_groups);
  if (Object.keys(options).length > 0) errors.option_groups = options;
  return errors;
}

export const isMenuItemFormValid = (values: MenuItemFormValues) =>
  Object.keys(validateMenuItemForm(values)).length === 0;

export type MenuItemPayload = {
  item_name: string;
  description: string;
  price: number;
  category: MenuCategory;
  image: string | null;
  available: boolean;
  restaurant_id: number;
  allergens: Allergen[];
  dietary_tags: DietaryTag[];
  stock?: number | null;
  option_groups?: OptionGroupsInput;
  tax_rate_id?: number | null;
};

/**
 * The add/update payload but its image (docs/product/api-conventions.md#api-calls); call only with values that passed
 * validation. The count goes only when the owner changed it: orders take from it while the form
 * is open, and saving the number the form was opened with would give those portions back. The
 * option groups too: a form opened before another device added a group must not wipe it.
 */
export function menuItemFields(
  values: MenuItemFormValues,
  restaurantId: number,
  opened: MenuItemFormValues = emptyMenuItemForm,
): Omit<MenuItemPayload, 'image'> {
  if (!isCategory(values.category)) throw new Error('The form was not validated');
  return {
    item_name: values.item_name.trim(),
    description: values.description.trim(),
    price: Number(values.price),
    category: values.category,
    available: values.available,
    restaurant_id: restaurantId,
    allergens: values.allergens,
    dietary_tags: values.dietary_tags,
    ...(values.stock !== opened.stock && { stock: values.stock === '' ? null : Number(values.stock) }),
    ...(optionGroupsChanged(values.option_groups, opened.option_groups) && {
      option_groups: optionGroupsBody(values.option_groups),
    }),
    // Like the count: only a change is sent, so a restaurant without rates sends what it did.
    ...(values.tax_rate_id !== opened.tax_rate_id && {
      tax_rate_id: values.tax_rate_id === '' ? null : Number(values.tax_rate_id),
    }),
  };
}
