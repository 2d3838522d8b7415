import { z } from 'zod';
import { isoDate, MAX_ID, token } from './fields';
import { PageQuery, Pagination } from './pagination';
import { AUDIT_ACTOR_KINDS } from './staff-roles';

/**
 * The audit trail (docs/product/staff.md#audit-trail): who did what, when, with the values
 * before and after. Actions are verbs in the past, `<object>.<verb>`; the staff and device
 * modules add their own, so the API takes any such word and the screen names the ones it knows.
 */

/** An action as stored: lower-case words joined by a dot or an underscore. */
const ACTION_PATTERN = /^[a-z_]+\.[a-z_]+$/;
export const auditAction = token(40, { pattern: ACTION_PATTERN, message: 'Invalid action' });

/** 'Order #12', or just 'Order' when the entry names none. */
const numbered = (noun: string, objectId: number | null) =>
  objectId === null ? noun : `${noun} #${objectId}`;

/** What each known action reads as on the screen and in the CSV. */
export const AUDIT_ACTION_LABELS = {
  'order.placed': 'Placed an order',
  'order.approved': 'Approved an order',
  'order.edited': 'Edited an order',
  'order.deleted': 'Deleted an order',
  'order.ready': 'Marked an order ready',
  'order.recalled': 'Recalled an order',
  'order.cancelled': 'Cancelled an order',
  'order.paid': 'Marked an order paid',
  'order.refunded': 'Refunded an order',
  'menu_item.added': 'Added a dish',
  'menu_item.updated': 'Changed a dish',
  'menu_item.deleted': 'Deleted a dish',
  'menu_item.sold_out': 'Marked a dish sold out',
  'menu_item.back_on': 'Put a dish back on the menu',
  'menu_item.portions_set': 'Set portions left',
  'restaurant.updated': 'Changed the restaurant',
  'restaurant.payment_settings_changed': 'Changed the payment settings',
  'tax_rate.added': 'Added a tax rate',
  'tax_rate.changed': 'Changed a tax rate',
  'tax_rate.deleted': 'Deleted a tax rate',
  'qr_token.rotated': 'Replaced all QR and table codes',
  'staff.invited': 'Invited a person',
  'staff.invitation_resent': 'Sent an invitation again',
  'staff.role_changed': "Changed a person's role",
  'staff.removed': 'Removed a person',
  'device.pairing_code_created': 'Created a pairing code',
  'device.paired': 'Paired a device',
  'device.revoked': 'Revoked a device',
} as const satisfies Record<string, string>;

/** An action the trail records: every one has its words, and a place in the Action filter. */
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** A tax rate as the trail names it: 'Food (8.875 %)'. */
export const auditTaxRateName = (name: string, percent: number) => `${name} (${percent} %)`;

/** What a value of the trail points at, as the key of an entry's `value_names`. */
export const auditValueKey = (kind: 'tax_rate' | 'order_item', id: number) => `${kind}:${id}`;

/**
 * What each recorded field is called on the screen and in the CSV, in the order an entry lists
 * its fields (the database keeps no order of its own).
 */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  status: 'status',
  amount: 'amount',
  tip: 'tip',
  lines: 'items',
  total: 'total',
  reason: 'reason',
  item_name: 'name',
  name: 'name',
  restaurant_name: 'name',
  device_name: 'device name',
  email: 'email',
  role: 'role',
  description: 'description',
  price: 'price',
  category: 'category',
  image: 'photo',
  available: 'available',
  allergens: 'allergens',
  dietary_tags: 'dietary tags',
  stock: 'portions left',
  option_groups: 'options',
  tax_rate_id: 'tax rate',
  rate_percent: 'rate',
  is_default: 'default rate',
  restaurant_type: 'type',
  number_of_tables: 'tables',
  opening_hours: 'opening hours',
  timezone: 'time zone',
  address: 'address',
  city: 'city',
  state: 'state',
  zip_code: 'ZIP code',
  country: 'country',
  phone: 'phone',
  latitude: 'latitude',
  longitude: 'longitude',
  payment_timing: 'diners pay',
  prices_include_tax: 'menu prices include tax',
  service_charge_percent: 'service charge',
  service_charge_min_party: 'service charge for',
  stripe_account_id: 'Stripe account',
};

/** An unknown action reads as itself, so a new one is never hidden. */
export const auditActionLabel = (action: string): string =>
  (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;

export const AuditActorKind = z.enum(AUDIT_ACTOR_KINDS);

/** ?actor_kind&actor_id&action&day, all optional, and the page. A person is a kind and an id. */
export const AuditQuery = PageQuery.extend({
  actor_kind: AuditActorKind.optional(),
  /** 0 is TableServe itself (kind 'system'), as the actors list names it. */
  actor_id: z.coerce.number().int().min(0).max(MAX_ID).optional(),
  action: auditAction.optional(),
  /** The restaurant's business day (docs/product/business-day.md#business-day). */
  day: isoDate('Day').optional(),
}).strict();
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_kind: AuditActorKind,
  actor_id: z.number().int(),
  actor_name: z.string(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.number().int().nullable(),
  /**
   * The object's name, worked out when the trail is read: the dish, person, device or tax rate as
   * it is called now, or as the trail last recorded it once it is gone; null when it has none (an
   * order, the restaurant).
   */
  object_name: z.string().nullable().default(null),
  before: z.unknown(),
  after: z.unknown(),
  /**
   * Names of the objects the values point at, by kind and id, worked out when the trail is read:
   * 'tax_rate:2' → 'Food (8.875 %)', 'order_item:55' → '1 × Pizza'.
   */
  value_names: z.record(z.string(), z.string()).default({}),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditListResponse = z.object({
  entries: z.array(AuditEntry),
  pagination: Pagination,
  /** The restaurant's time zone, in which the screen shows each entry's time. */
  timezone: z.string(),
});
export type AuditListResponse = z.infer<typeof AuditListResponse>;

/** Everyone who appears in the trail, for the person filter, by the name last recorded. */
export const AuditActor = z.object({ kind: AuditActorKind, id: z.number().int(), name: z.string() });
export type AuditActor = z.infer<typeof AuditActor>;
export const AuditActorsResponse = z.object({ actors: z.array(AuditActor) });
export type AuditActorsResponse = z.infer<typeof AuditActorsResponse>;

/** One order's entries, oldest first: who approved it, who marked it paid. */
export const OrderHistoryResponse = z.object({ entries: z.array(AuditEntry), timezone: z.string() });
export type OrderHistoryResponse = z.infer<typeof OrderHistoryResponse>;

export const auditMessages = {
  title: 'Audit trail',
  intro: 'Who changed what, and when.',
  person: 'Person',
  everyone: 'Everyone',
  action: 'Action',
  anyAction: 'Any action',
  day: 'Day',
  clear: 'Clear filters',
  exportCsv: 'Export CSV',
  empty: 'Nothing recorded for these filters.',
  loadFailed: 'Could not load the audit trail.',
  columns: { time: 'Time', who: 'Who', action: 'Action', object: 'Object', change: 'Change' },
  history: 'History',
  historyEmpty: 'No staff action recorded yet.',
  historyFailed: 'Could not load the history.',
  historyLoading: 'Loading the history…',
  loading: 'Loading the audit trail…',
  objects: {
    order: (objectId: number | null) => numbered('Order', objectId),
    menu_item: (objectId: number | null) => numbered('Dish', objectId),
    restaurant: () => 'Restaurant',
    tax_rate: (objectId: number | null) => numbered('Tax rate', objectId),
    table_codes: () => 'Table codes',
    staff: (objectId: number | null) => numbered('Staff member', objectId),
    // A pairing code names no device yet.
    device: (objectId: number | null) => numbered('Device', objectId),
    /** What a new kind of object reads as until it has its own words. */
    unknown: (objectId: number | null) => numbered('Item', objectId),
  } as Record<string, (objectId: number | null) => string>,
  /** The words of values that are not a number or a text of their own. */
  values: {
    none: 'none',
    yes: 'yes',
    no: 'no',
    notCounted: 'not counted',
    defaultRate: 'Default rate',
    deletedTaxRate: 'a deleted tax rate',
    everyParty: 'every party',
    partiesOf: (size: number) => `parties of ${size} or more`,
    anItem: 'an item',
    aPhoto: 'a photo',
    replaced: 'replaced',
    noPickup: 'no pickup',
  },
  kinds: { owner: 'Owner', staff: 'Staff', device: 'Device', system: 'TableServe' },
  /** The file the export downloads, per business day or for the whole trail. */
  csvName: (day: string | undefined) => `audit-trail${day ? `-${day}` : ''}.csv`,
} as const;
