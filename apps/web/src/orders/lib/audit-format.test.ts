import { AUDIT_ACTION_LABELS, type AuditAction, type AuditEntry } from '@tableserve/contract/audit';
import { describe, expect, it } from 'vitest';
import {
  describeAction,
  describeActor,
  describeChanges,
  describeObject,
  formatAuditTime,
} from './audit-format';

type Shape = Pick<
  AuditEntry,
  'object_type' | 'object_id' | 'object_name' | 'before' | 'after' | 'value_names'
>;

const shape = (objectType: string, change: Partial<Shape>): Shape => ({
  object_type: objectType,
  object_id: 7,
  object_name: null,
  before: null,
  after: null,
  value_names: {},
  ...change,
});

const hours = (open: string, close: string, pickup = true) => ({
  open,
  close,
  closing_day: 'monday',
  pickup,
});
const week = (monday: ReturnType<typeof hours>) => ({
  monday,
  tuesday: hours('11:00', '22:00'),
  wednesday: hours('11:00', '22:00'),
  thursday: hours('11:00', '22:00'),
  friday: hours('11:00', '23:30'),
  saturday: hours('11:00', '23:30'),
  sunday: hours('12:00', '21:00', false),
});
const pizzaOptions = [
  {
    id: 1,
    name: 'Size',
    min_choices: 1,
    max_choices: 1,
    options: [
      { id: 2, name: 'Regular', price_delta: 0 },
      { id: 3, name: 'Large', price_delta: 2 },
    ],
  },
];
const dishFields = {
  item_name: 'Margherita',
  description: 'Tomato, mozzarella, basil',
  price: 12.5,
  category: 'MainCourse',
  image: 'https://cdn.example.com/uploads/margherita.jpg',
  available: true,
  allergens: ['gluten', 'milk', 'tree_nuts'],
  dietary_tags: ['vegetarian', 'gluten_free'],
  stock: null,
  option_groups: pizzaOptions,
  tax_rate_id: 2,
};
const rateNames = { 'tax_rate:2': 'Food (8.875 %)', 'tax_rate:3': 'Drinks (20 %)' };

/**
 * Every action's before and after as the server records them (each recordAudit, recordAudits,
 * recordSystemAudit and status move of apps/server/src/modules), with the names it adds when
 * the trail is read.
 */
const RECORDED: Record<AuditAction, Shape[]> = {
  'order.placed': [shape('order', { after: { status: 'Pending', total: 25 } })],
  'order.approved': [shape('order', { before: { status: 'Pending' }, after: { status: 'Approved' } })],
  'order.edited': [
    shape('order', {
      before: { lines: [{ menu_item_id: 4, name: 'Pizza', quantity: 1 }], total: 12.5 },
      after: {
        lines: [
          { menu_item_id: 4, name: 'Pizza', quantity: 3 },
          { menu_item_id: null, name: 'Soda', quantity: 1 },
        ],
        total: 40,
      },
    }),
  ],
  'order.deleted': [shape('order', { before: { status: 'Pending', total: 37.5 } })],
  'order.ready': [shape('order', { before: { status: 'Approved' }, after: { status: 'Ready' } })],
  'order.recalled': [shape('order', { before: { status: 'Ready' }, after: { status: 'Approved' } })],
  'order.cancelled': [
    shape('order', { before: { status: 'Pending' }, after: { status: 'Cancelled' } }),
    shape('order', {
      before: { status: 'Pending' },
      after: { status: 'Cancelled', reason: 'Not paid within 15 minutes' },
    }),
  ],
  'order.paid': [
    shape('order', { before: { status: 'Ready' }, after: { status: 'Completed' } }),
    shape('order', { before: { status: 'Ready' }, after: { status: 'Completed', reason: 'Paid online' } }),
  ],
  'order.refunded': [
    shape('order', {
      after: {
        amount: 14.5,
        reason: 'Cold pizza',
        lines: [
          { order_item_id: 55, amount: 12.5 },
          { order_item_id: 56, amount: 2 },
        ],
      },
      value_names: { 'order_item:55': '1 × Pizza', 'order_item:56': '2 × Soda' },
    }),
    shape('order', { after: { amount: 24.44, reason: 'Order cancelled', automatic: true } }),
  ],
  'menu_item.added': [
    shape('menu_item', { object_name: 'Margherita', after: dishFields, value_names: rateNames }),
  ],
  'menu_item.updated': [
    shape('menu_item', {
      object_name: 'Margherita',
      before: {
        ...dishFields,
        item_name: 'Pizza',
        image: null,
        available: false,
        allergens: [],
        dietary_tags: [],
        option_groups: [],
        tax_rate_id: null,
      },
      after: { ...dishFields, price: 14, category: 'TodaysSpecial', tax_rate_id: 3 },
      value_names: { 'tax_rate:3': 'Drinks (20 %)' },
    }),
    shape('menu_item', {
      object_name: 'Margherita',
      before: { image: 'https://cdn.example.com/uploads/a.jpg', tax_rate_id: 9 },
      after: { image: 'https://cdn.example.com/uploads/b.jpg', tax_rate_id: null },
    }),
  ],
  'menu_item.deleted': [shape('menu_item', { object_name: 'Soda', before: { item_name: 'Soda' } })],
  'menu_item.sold_out': [
    shape('menu_item', { object_name: 'Pizza', before: { stock: 5 }, after: { stock: 0 } }),
  ],
  'menu_item.back_on': [
    shape('menu_item', { object_name: 'Pizza', before: { stock: 0 }, after: { stock: null } }),
  ],
  'menu_item.portions_set': [
    shape('menu_item', { object_name: 'Pizza', before: { stock: null }, after: { stock: 12 } }),
  ],
  'restaurant.updated': [
    shape('restaurant', {
      before: {
        restaurant_name: 'Trattoria',
        name: 'Trattoria',
        description: 'Family place',
        restaurant_type: 'Italian',
        number_of_tables: 6,
        opening_hours: week(hours('11:00', '22:00')),
        timezone: 'America/Los_Angeles',
      },
      after: {
        restaurant_name: 'Trattoria Demo',
        name: 'Trattoria Demo',
        description: 'Family place since 1990',
        restaurant_type: 'Pizzeria',
        number_of_tables: 9,
        opening_hours: week(hours('12:00', '22:00', false)),
        timezone: 'America/New_York',
      },
    }),
  ],
  'restaurant.payment_settings_changed': [
    shape('restaurant', {
      before: {
        payment_timing: 'counter',
        prices_include_tax: false,
        service_charge_percent: 0,
        service_charge_min_party: null,
        stripe_account_id: null,
      },
      after: {
        payment_timing: 'end_of_meal',
        prices_include_tax: true,
        service_charge_percent: 12.5,
        service_charge_min_party: 6,
        stripe_account_id: 'acct_1Nv0FGQ9RKHgCVdK',
      },
    }),
    shape('restaurant', { before: { payment_timing: 'end_of_meal' }, after: { payment_timing: 'order' } }),
  ],
  'tax_rate.added': [
    shape('tax_rate', {
      object_name: 'Food (8.875 %)',
      after: { tax_rate_id: 2, name: 'Food', rate_percent: 8.875, is_default: true },
    }),
  ],
  'tax_rate.changed': [
    shape('tax_rate', {
      object_name: 'Food (9 %)',
      before: { rate_percent: 8.875, is_default: true },
      after: { rate_percent: 9, is_default: false },
    }),
  ],
  'tax_rate.deleted': [
    shape('tax_rate', {
      object_name: 'Food (9 %)',
      before: { tax_rate_id: 2, name: 'Food', rate_percent: 9, is_default: false },
    }),
  ],
  'qr_token.rotated': [shape('table_codes', {})],
  'staff.invited': [
    shape('staff', {
      object_name: 'Rosa Marin',
      after: { name: 'Rosa Marin', email: 'rosa.marin@trattoria.example', role: 'server' },
    }),
  ],
  'staff.invitation_resent': [shape('staff', { object_name: 'Rosa Marin' })],
  'staff.role_changed': [
    shape('staff', { object_name: 'Rosa Marin', before: { role: 'server' }, after: { role: 'manager' } }),
  ],
  'staff.removed': [
    shape('staff', {
      object_name: 'Rosa Marin',
      before: { name: 'Rosa Marin', email: 'rosa.marin@trattoria.example', role: 'kitchen' },
    }),
  ],
  'device.pairing_code_created': [
    shape('device', {
      object_id: null,
      object_name: 'Pass tablet',
      after: { device_name: 'Pass tablet', role: 'kitchen' },
    }),
  ],
  'device.paired': [
    shape('device', { object_name: 'Pass tablet', after: { name: 'Pass tablet', role: 'kitchen' } }),
  ],
  'device.revoked': [
    shape('device', { object_name: 'Pass tablet', before: { name: 'Pass tablet', role: 'kitchen' } }),
    shape('device', {
      object_name: 'Pass tablet',
      before: { name: 'Pass tablet', role: 'server' },
      after: { reason: 'replaced credential used after its grace' },
    }),
  ],
};

/** What must never reach a person: a key, a code, an id or a program's rendering of a value. */
function notWords(text: string): string[] {
  // An email address is the person's own words.
  const plain = text.replace(/\S+@\S+\.\w+/g, '');
  const found: string[] = [];
  for (const marker of ['[object Object]', '{', '}', 'undefined', 'NaN', 'null'])
    if (plain.includes(marker)) found.push(marker);
  for (const match of plain.matchAll(/\b[A-Za-z]+\.[A-Za-z]+\b/g)) found.push(`word.word ${match[0]}`);
  // Lower-case words joined by underscores; a Stripe account id the owner typed (acct_1Nv0FGQ…) is theirs.
  for (const match of plain.matchAll(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g))
    found.push(`snake_case ${match[0]}`);
  return found;
}

describe('audit entries in words (docs/product/staff.md#audit-trail)', () => {
  it('reads every recorded shape of every action in words: no key, code, id or [object Object]', () => {
    expect(Object.keys(RECORDED).sort()).toEqual(Object.keys(AUDIT_ACTION_LABELS).sort());
    for (const [action, shapes] of Object.entries(RECORDED))
      for (const [index, entry] of shapes.entries()) {
        const text = [describeAction({ action }), describeObject(entry), ...describeChanges(entry)].join(
          ' | ',
        );
        expect(notWords(text), `${action} #${index}: ${text}`).toEqual([]);
      }
    // The check itself finds what the reviewer found.
    expect(notWords('lines: [object Object] · end_of_meal · order.refunded')).toEqual([
      '[object Object]',
      'word.word order.refunded',
      'snake_case end_of_meal',
    ]);
  });

  it('reads a price change, an edit of lines and a count as before → after', () => {
    expect(describeChanges(shape('menu_item', { before: { price: 12.5 }, after: { price: 14 } }))).toEqual([
      'price: $12.50 → $14.00',
    ]);
    expect(describeChanges(RECORDED['order.edited'][0]!)).toEqual([
      'items: 1 × Pizza → 3 × Pizza, 1 × Soda',
      'total: $12.50 → $40.00',
    ]);
    expect(describeChanges(RECORDED['menu_item.back_on'][0]!)).toEqual(['portions left: 0 → not counted']);
    expect(describeChanges(RECORDED['menu_item.deleted'][0]!)).toEqual(['name: Soda']);
    expect(describeChanges(RECORDED['qr_token.rotated'][0]!)).toEqual([]);
  });

  it("reads a dish's fields in the menu's words, its tax rate by name and percent", () => {
    expect(describeChanges(RECORDED['menu_item.updated'][0]!)).toEqual([
      'name: Pizza → Margherita',
      'price: $12.50 → $14.00',
      "category: Main Course → Today's Special",
      'photo: none → a photo',
      'available: no → yes',
      'allergens: none → gluten, milk, tree nuts',
      'dietary tags: none → Vegetarian, Gluten-free',
      'options: none → Size: Regular, Large +$2.00',
      'tax rate: Default rate → Drinks (20 %)',
    ]);
    expect(describeChanges(RECORDED['menu_item.updated'][1]!)).toEqual([
      'photo: replaced',
      'tax rate: a deleted tax rate → Default rate',
    ]);
  });

  it('reads refunds, payment settings, tax rates, the restaurant and staff in words', () => {
    expect(describeChanges(RECORDED['order.refunded'][0]!)).toEqual([
      'amount: $14.50',
      'items: 1 × Pizza $12.50, 2 × Soda $2.00',
      'reason: Cold pizza',
    ]);
    expect(describeChanges(RECORDED['restaurant.payment_settings_changed'][0]!)).toEqual([
      'diners pay: At the counter → At the end of the meal',
      'menu prices include tax: no → yes',
      'service charge: 0 % → 12.5 %',
      'service charge for: every party → parties of 6 or more',
      'Stripe account: none → acct_1Nv0FGQ9RKHgCVdK',
    ]);
    expect(describeChanges(RECORDED['tax_rate.added'][0]!)).toEqual([
      'name: Food',
      'rate: 8.875 %',
      'default rate: yes',
    ]);
    expect(describeChanges(RECORDED['restaurant.updated'][0]!)).toEqual([
      'name: Trattoria → Trattoria Demo',
      'description: Family place → Family place since 1990',
      'type: Italian → Pizzeria',
      'tables: 6 → 9',
      'opening hours, Monday: 11:00–22:00 → 12:00–22:00, no pickup',
      'time zone: America/Los Angeles → America/New York',
    ]);
    expect(describeChanges(RECORDED['staff.role_changed'][0]!)).toEqual(['role: Server → Manager']);
    expect(describeChanges(RECORDED['device.pairing_code_created'][0]!)).toEqual([
      'device name: Pass tablet',
      'role: Kitchen',
    ]);
  });

  it("reads TableServe's own steps: a refund's amount and reason, the sweep's reason (docs/product/payments.md#order-changes)", () => {
    expect(describeChanges(RECORDED['order.refunded'][1]!)).toEqual([
      'amount: $24.44',
      'reason: Order cancelled',
    ]);
    expect(describeChanges(RECORDED['order.cancelled'][1]!)).toEqual([
      'status: Pending → Cancelled',
      'reason: Not paid within 15 minutes',
    ]);
    expect(describeAction({ action: 'order.refunded' })).toBe('Refunded an order');
    expect(describeActor({ name: 'TableServe', kind: 'system' })).toEqual({
      name: 'TableServe',
      kind: undefined,
    });
    expect(describeActor({ name: 'Sam Server', kind: 'staff' })).toEqual({
      name: 'Sam Server',
      kind: 'Staff',
    });
  });

  it("names the object by its name, an order by its number, and shows the time in the restaurant's zone", () => {
    expect(describeObject({ object_type: 'order', object_id: 12, object_name: null })).toBe('Order #12');
    expect(describeObject({ object_type: 'menu_item', object_id: 16, object_name: 'Margherita' })).toBe(
      'Margherita',
    );
    expect(describeObject({ object_type: 'staff', object_id: 3, object_name: 'Rosa Marin' })).toBe(
      'Rosa Marin',
    );
    expect(describeObject({ object_type: 'menu_item', object_id: 16, object_name: null })).toBe('Dish #16');
    expect(describeObject({ object_type: 'table_codes', object_id: 5, object_name: null })).toBe(
      'Table codes',
    );
    expect(formatAuditTime('2026-11-21T03:05:00.000Z', 'America/Los_Angeles')).toBe('Nov 20, 2026, 7:05 PM');
    expect(formatAuditTime('2026-11-21T03:05:00.000Z', 'Asia/Tokyo')).toBe('Nov 21, 2026, 12:05 PM');
  });
});
