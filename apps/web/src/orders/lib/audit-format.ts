import { allergenNames, dietaryTagLabels } from '@tableserve/contract/allergens';
import {
  AUDIT_FIELD_LABELS,
  type AuditEntry,
  auditActionLabel,
  auditMessages,
  auditValueKey,
} from '@tableserve/contract/audit';
import { menuCategoryLabels } from '@tableserve/contract/menu-categories';
import { WEEKDAYS } from '@tableserve/contract/opening-hours';
import { paymentSettingsScreen } from '@tableserve/contract/payment-settings';
import { type AuditActorKind, ROLE_LABELS } from '@tableserve/contract/staff-roles';
import { formatDollars } from '@/lib/money';
import { weekdayLabel } from '@/lib/opening-hours';
import { formatRestaurantDateTime } from '@/lib/restaurant-dates';

/**
 * How an audit entry reads (docs/product/staff.md#audit-trail), on the Audit trail screen, in its
 * CSV and in an order's history: the same words everywhere, never a key, a code or an id.
 */

/** 'Nov 26, 2026, 7:05 PM' in the restaurant's zone, as every staff screen writes a time. */
export const formatAuditTime = (iso: string, timeZone: string): string =>
  formatRestaurantDateTime(iso, timeZone);

export const describeAction = (entry: Pick<AuditEntry, 'action'>): string => auditActionLabel(entry.action);

/** 'Order #12', the dish's, person's, device's or tax rate's name, 'Restaurant'. */
export function describeObject(entry: Pick<AuditEntry, 'object_type' | 'object_id' | 'object_name'>): string {
  if (entry.object_type !== 'order' && entry.object_name) return entry.object_name;
  const name = auditMessages.objects[entry.object_type];
  return name ? name(entry.object_id) : auditMessages.objects.unknown!(entry.object_id);
}

/**
 * Who did it, as a person reads it: the name, and what they are ('Staff', 'Device') unless that
 * is the name itself (TableServe's own steps, docs/product/payments.md#order-changes).
 */
export function describeActor(actor: { name: string; kind: AuditActorKind }): {
  name: string;
  kind: string | undefined;
} {
  const kind = auditMessages.kinds[actor.kind];
  return { name: actor.name, kind: kind === actor.name ? undefined : kind };
}

type Changed = Pick<AuditEntry, 'object_type' | 'before' | 'after' | 'value_names'>;
type Context = { objectType: string; names: Record<string, string> };

const words = auditMessages.values;

/** Fields whose numbers are dollars: a price, a total, what a refund gave back and its tip. */
const MONEY_FIELDS = new Set(['price', 'total', 'amount', 'tip', 'price_delta']);
/** Fields whose numbers are percents. */
const PERCENT_FIELDS = new Set(['service_charge_percent', 'rate_percent']);

/**
 * Fields that say nothing a person needs: ids the entry already names, and whether TableServe
 * refunded by itself, which the Who column says.
 */
function hidden(field: string, { objectType }: Context): boolean {
  if (['automatic', 'menu_item_id', 'menu_id', 'restaurant_id', 'user_id', 'token'].includes(field))
    return true;
  return objectType === 'tax_rate' && field === 'tax_rate_id';
}

/** Where a field comes in an entry's list: the labels' order, an unknown field last. */
const FIELD_ORDER = Object.keys(AUDIT_FIELD_LABELS);
const fieldRank = (field: string) => {
  const rank = FIELD_ORDER.indexOf(field);
  return rank === -1 ? FIELD_ORDER.length : rank;
};

/** 'item_name' → 'name', by the contract's labels; an unknown field by its words. */
const fieldName = (field: string) => AUDIT_FIELD_LABELS[field] ?? field.replaceAll('_', ' ');

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const withSign = (dollars: number) =>
  dollars < 0 ? `−${formatDollars(-dollars)}` : `+${formatDollars(dollars)}`;

/** One line of an order: '2 × Pizza' as edited, '1 × Pizza $12.50' as refunded. */
function describeLine(line: Record<string, unknown>, context: Context): string {
  if (typeof line.order_item_id === 'number') {
    const item = context.names[auditValueKey('order_item', line.order_item_id)] ?? words.anItem;
    return typeof line.amount === 'number' ? `${item} ${formatDollars(line.amount)}` : item;
  }
  if ('quantity' in line) return `${line.quantity} × ${describeValue('name', line.name, context)}`;
  return describeRecord(line, context);
}

/** An option group: 'Size: Regular, Large +$2.00'. */
function describeOptionGroup(group: Record<string, unknown>): string {
  const options = Array.isArray(group.options) ? group.options.map(asRecord) : [];
  const named = options.map((option) =>
    typeof option.price_delta === 'number' && option.price_delta !== 0
      ? `${option.name} ${withSign(option.price_delta)}`
      : String(option.name),
  );
  return `${group.name}: ${named.join(', ') || words.none}`;
}

/** A day's hours: '11:00–22:00', with ', no pickup' when pickup is off. */
function describeDay(day: unknown): string {
  const hours = asRecord(day);
  if (typeof hours.open !== 'string' || typeof hours.close !== 'string') return words.none;
  return `${hours.open}–${hours.close}${hours.pickup === false ? `, ${words.noPickup}` : ''}`;
}

/** An object no field rule knows, as its fields in words: never braces. */
function describeRecord(record: Record<string, unknown>, context: Context): string {
  return Object.entries(record)
    .filter(([field]) => !hidden(field, context))
    .map(([field, value]) => `${fieldName(field)} ${describeValue(field, value, context)}`)
    .join(', ');
}

/** What a field reads when it holds nothing. */
function describeNothing(field: string): string {
  switch (field) {
    case 'stock':
      return words.notCounted;
    case 'tax_rate_id':
      return words.defaultRate;
    case 'service_charge_min_party':
      return words.everyParty;
    default:
      return words.none;
  }
}

/** One value as a person reads it: $14.00, '2 × Pizza, 1 × Soda', 'At the counter', 'yes'. */
function describeValue(field: string, value: unknown, context: Context): string {
  if (value === null || value === undefined || value === '') return describeNothing(field);
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') {
    if (MONEY_FIELDS.has(field)) return formatDollars(value);
    if (PERCENT_FIELDS.has(field)) return paymentSettingsScreen.ratePercentShown(value);
    if (field === 'tax_rate_id')
      return context.names[auditValueKey('tax_rate', value)] ?? words.deletedTaxRate;
    if (field === 'service_charge_min_party') return words.partiesOf(value);
    return String(value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return words.none;
    switch (field) {
      case 'lines':
        return value.map((line) => describeLine(asRecord(line), context)).join(', ');
      case 'option_groups':
        return value.map((group) => describeOptionGroup(asRecord(group))).join('; ');
      case 'allergens':
        return value.map((one) => allergenNames[one as keyof typeof allergenNames] ?? humane(one)).join(', ');
      case 'dietary_tags':
        return value
          .map((one) => dietaryTagLabels[one as keyof typeof dietaryTagLabels] ?? humane(one))
          .join(', ');
      default:
        return value
          .map((one) => (typeof one === 'object' ? describeRecord(asRecord(one), context) : humane(one)))
          .join(', ');
    }
  }
  if (typeof value === 'object') return describeRecord(asRecord(value), context) || words.none;
  const text = String(value);
  switch (field) {
    case 'payment_timing':
      return (
        paymentSettingsScreen.timings[text as keyof typeof paymentSettingsScreen.timings]?.label ??
        humane(text)
      );
    case 'category':
      return menuCategoryLabels[text as keyof typeof menuCategoryLabels] ?? text;
    case 'role':
      return ROLE_LABELS[text as keyof typeof ROLE_LABELS] ?? text;
    case 'image':
      return words.aPhoto;
    case 'timezone':
      return text.replaceAll('_', ' ');
    default:
      return text;
  }
}

/** A stored word as words: 'gluten_free' → 'gluten free'. */
const humane = (value: unknown) => String(value).replaceAll('_', ' ');

/** 'price: $12.50 → $14.00', or the one value a field had only before or only after. */
function changeLine(label: string, was: string | undefined, now: string | undefined): string {
  if (was !== undefined && now !== undefined) return `${label}: ${was} → ${now}`;
  return `${label}: ${was ?? now}`;
}

/** The days whose hours changed, each on its line: 'opening hours, Monday: 11:00–22:00 → closed'. */
function openingHoursLines(before: unknown, after: unknown, inBefore: boolean, inAfter: boolean): string[] {
  const was = asRecord(before);
  const now = asRecord(after);
  return WEEKDAYS.flatMap((day) => {
    const dayWas = inBefore ? describeDay(was[day]) : undefined;
    const dayNow = inAfter ? describeDay(now[day]) : undefined;
    if (dayWas === dayNow) return [];
    return [changeLine(`${fieldName('opening_hours')}, ${weekdayLabel(day)}`, dayWas, dayNow)];
  });
}

/** One field's change as lines of words. */
function fieldLines(
  field: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  context: Context,
) {
  const inBefore = field in before;
  const inAfter = field in after;
  if (field === 'opening_hours') return openingHoursLines(before[field], after[field], inBefore, inAfter);
  const was = inBefore ? describeValue(field, before[field], context) : undefined;
  const now = inAfter ? describeValue(field, after[field], context) : undefined;
  // Two photos read alike: say the photo was replaced.
  if (field === 'image' && was === words.aPhoto && now === words.aPhoto)
    return [`${fieldName(field)}: ${words.replaced}`];
  // Nothing a person could see changed (an id that names nothing any more on both sides).
  if (was !== undefined && was === now) return [];
  return [changeLine(fieldName(field), was, now)];
}

/**
 * Each field that changed as 'price: $12.50 → $14.00'; a field only before (a deletion) or only
 * after (an addition) reads as its one value. A line said twice (the restaurant's name, kept
 * under two keys) is said once.
 */
export function describeChanges(entry: Changed): string[] {
  const context: Context = { objectType: entry.object_type, names: entry.value_names ?? {} };
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((field) => !hidden(field, context))
    .sort((a, b) => fieldRank(a) - fieldRank(b));
  return [...new Set(fields.flatMap((field) => fieldLines(field, before, after, context)))];
}
