import { describe, expect, it } from 'vitest';
import {
  describeAction,
  describeActor,
  describeChanges,
  describeObject,
  formatAuditTime,
} from './audit-format';

describe('audit entries in words (docs/product/staff.md#audit-trail)', () => {
  it('reads a price change, an edit of lines and a count as before → after', () => {
    expect(describeChanges({ before: { price: 12.5 }, after: { price: 14 } })).toEqual([
      'price: $12.50 → $14.00',
    ]);
    expect(
      describeChanges({
        before: { lines: [{ name: 'Pizza', quantity: 1 }], total: 12.5 },
        after: { lines: [{ name: 'Pizza', quantity: 3 }], total: 37.5 },
      }),
    ).toEqual(['lines: 1 × Pizza → 3 × Pizza', 'total: $12.50 → $37.50']);
    expect(describeChanges({ before: { stock: 0 }, after: { stock: null } })).toEqual([
      'stock: 0 → not counted',
    ]);
    expect(describeChanges({ before: { item_name: 'Soda' }, after: null })).toEqual(['item name: Soda']);
    expect(describeChanges({ before: null, after: null })).toEqual([]);
  });

  it("reads TableServe's own steps: a refund's amount and reason, the sweep's reason (docs/product/payments.md#order-changes)", () => {
    expect(
      describeChanges({ before: null, after: { amount: 28.69, reason: 'Order changed', automatic: true } }),
    ).toEqual(['amount: $28.69', 'reason: Order changed', 'automatic: yes']);
    expect(
      describeChanges({
        before: { status: 'Pending' },
        after: { status: 'Cancelled', reason: 'Not paid within 15 minutes' },
      }),
    ).toEqual(['status: Pending → Cancelled', 'reason: Not paid within 15 minutes']);
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

  it("names the object and shows the time in the restaurant's zone", () => {
    expect(describeObject({ object_type: 'order', object_id: 12 })).toBe('Order #12');
    expect(describeObject({ object_type: 'table_codes', object_id: 5 })).toBe('Table codes');
    expect(formatAuditTime('2026-11-21T03:05:00.000Z', 'America/Los_Angeles')).toBe('Nov 20, 2026, 7:05 PM');
    expect(formatAuditTime('2026-11-21T03:05:00.000Z', 'Asia/Tokyo')).toBe('Nov 21, 2026, 12:05 PM');
  });
});
