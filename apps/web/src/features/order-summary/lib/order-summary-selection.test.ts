import { describe, expect, it } from 'vitest';
import { staffOrder } from '@/orders/testing/staff-order';
import { isPayable, keepPayable, selectionTotal, toggled } from './order-summary-selection';

const ready = (order_id: number, total_amount: number) =>
  staffOrder({ order_id, total_amount, status: 'Ready' });

describe('Order Summary selection', () => {
  it('offers payment for Ready orders only (docs/product/order-statuses.md#status-machine)', () => {
    expect(isPayable({ status: 'Ready' })).toBe(true);
    for (const status of ['Pending', 'Approved', 'Completed', 'Cancelled'] as const)
      expect(isPayable({ status })).toBe(false);
  });

  it('drops ticked orders that are no longer Ready or no longer listed, and keeps the same set otherwise', () => {
    const orders = [ready(1, 10), ready(2, 5), staffOrder({ order_id: 3, status: 'Completed' })];
    const selected = new Set([1, 2]);
    expect(keepPayable(selected, orders)).toBe(selected);
    expect([...keepPayable(new Set([1, 3, 9]), orders)]).toEqual([1]);
    const paid = orders.map((order) =>
      order.order_id === 2 ? { ...order, status: 'Completed' as const } : order,
    );
    expect([...keepPayable(selected, paid)]).toEqual([1]);
  });

  it('adds up the ticked orders in cents', () => {
    const orders = [ready(1, 0.1), ready(2, 0.2), ready(3, 100)];
    expect(selectionTotal(new Set([1, 2]), orders)).toEqual({ count: 2, dollars: 0.3 });
    expect(selectionTotal(new Set(), orders)).toEqual({ count: 0, dollars: 0 });
  });

  it('toggles one order without touching the old set', () => {
    const selected = new Set([1]);
    expect([...toggled(selected, 2)]).toEqual([1, 2]);
    expect([...toggled(selected, 1)]).toEqual([]);
    expect([...selected]).toEqual([1]);
  });
});
