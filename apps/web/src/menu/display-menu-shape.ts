import { ALLERGENS, DIETARY_TAGS } from '@tableserve/contract/allergens';
import type { DisplayMenuResponse } from '@tableserve/contract/customer-menu';
import type { MenuItem } from '@tableserve/contract/menu';
import { MENU_CATEGORIES } from '@tableserve/contract/menu-categories';

/**
 * The display-menu answer checked by hand rather than by the contract's zod schema, so a diner's
 * phone shows the menu without downloading zod (26 KiB gzipped, docs/performance.md). It checks every field
 * the schema names except the inside of opening_hours, which the menu does not read: the cart and
 * checkout read the stored restaurant back through the full schema (diner/lib/stored-restaurant).
 */
export function checkDisplayMenu(body: unknown): DisplayMenuResponse {
  if (!isObject(body) || !isRestaurant(body.restaurant) || !Array.isArray(body.menu)) {
    throw new Error('Unexpected menu answer');
  }
  if (!body.menu.every(isMenuItem)) throw new Error('Unexpected menu item');
  if (body.pricing !== undefined && !isPricing(body.pricing)) throw new Error('Unexpected menu pricing');
  if (body.menu.every((item) => LISTS.every((list) => item[list]))) return body as DisplayMenuResponse;
  return { ...body, menu: body.menu.map(withListDefaults) } as DisplayMenuResponse;
}

/** The lists an answer from an older server lacks: allergens and tags (docs/decisions/012-allergens-and-dietary-tags.md), options (part 2). */
const LISTS = ['allergens', 'dietary_tags', 'option_groups'] as const;

/** A checked item with the lists it lacks read as none, as the schema's defaults would. */
export function withListDefaults(item: Record<string, unknown>): MenuItem {
  return { ...item, ...Object.fromEntries(LISTS.map((list) => [list, item[list] ?? []])) } as MenuItem;
}

/** Absent (an answer from before allergens), or a list of values all on the contract's list. */
const isListOf = (values: readonly string[], value: unknown) =>
  value === undefined || (Array.isArray(value) && value.every((entry) => values.includes(entry)));

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
const isString = (value: unknown) => typeof value === 'string';

function isRestaurant(value: unknown): boolean {
  return (
    isObject(value) &&
    Number.isInteger(value.restaurant_id) &&
    ['restaurant_name', 'name', 'description', 'address', 'city', 'state', 'phone', 'restaurant_type'].every(
      (field) => isString(value[field]),
    ) &&
    Number.isInteger(value.number_of_tables) &&
    isObject(value.opening_hours) &&
    isString(value.timezone) &&
    (value.latitude === null || isNumber(value.latitude)) &&
    (value.longitude === null || isNumber(value.longitude)) &&
    (value.token === undefined || isString(value.token))
  );
}

/** A diner's menu item, every field as the schema names it (a live event's item too). */
export function isMenuItem(value: unknown): value is Record<string, unknown> {
  return (
    isObject(value) &&
    Number.isInteger(value.menu_id) &&
    isString(value.item_name) &&
    isString(value.description) &&
    isNumber(value.price) &&
    (MENU_CATEGORIES as readonly unknown[]).includes(value.category) &&
    (value.image === null || isString(value.image)) &&
    typeof value.available === 'boolean' &&
    Number.isInteger(value.restaurant_id) &&
    isListOf(ALLERGENS, value.allergens) &&
    isListOf(DIETARY_TAGS, value.dietary_tags) &&
    (value.option_groups === undefined ||
      (Array.isArray(value.option_groups) && value.option_groups.every(isOptionGroup)))
  );
}

function isOptionGroup(value: unknown): boolean {
  return (
    isObject(value) &&
    Number.isInteger(value.id) &&
    isString(value.name) &&
    Number.isInteger(value.min_choices) &&
    Number.isInteger(value.max_choices) &&
    Array.isArray(value.options) &&
    value.options.every(
      (option) =>
        isObject(option) &&
        Number.isInteger(option.id) &&
        isString(option.name) &&
        isNumber(option.price_delta),
    )
  );
}

/** The menu's pricing (docs/decisions/020-money-model.md): the cart prices with every field of it. */
function isPricing(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value.payment_timing === 'string' &&
    typeof value.prices_include_tax === 'boolean' &&
    typeof value.service_charge_percent === 'number' &&
    (value.service_charge_min_party === null || Number.isInteger(value.service_charge_min_party)) &&
    Array.isArray(value.tax_rates) &&
    value.tax_rates.every(
      (rate) =>
        isObject(rate) &&
        Number.isInteger(rate.tax_rate_id) &&
        typeof rate.name === 'string' &&
        typeof rate.rate_percent === 'number',
    )
  );
}
