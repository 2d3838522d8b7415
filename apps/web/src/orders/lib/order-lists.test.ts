import { describe, expect, it } from 'vitest';
import { staffOrder } from '../testing/staff-order';
import { applyUpdate, removeOrder, replaceOrder } from './order-lists';

const list = { orders: [staffOrder({ order_id: 1 }), staffOrder({ order_id: 2 })], pagination: { page: 1 } };

describe('order lists', () => {
  it("applies an order_update's status, total and updated_at to the matching order only", () => {
    const next = applyUpdate(list, {
      order_id: 2,
      status: 'Approved',
      total_amount: 9.5,
      updated_at: '2026-11-23T20:00:00.000Z',
    });
    expect(next.orders[0]).toBe(list.orders[0]);
    expect(next.orders[1]).toMatchObject({
      status: 'Approved',
      total_amount: 9.5,
      updated_at: '2026-11-23T20:00:00.000Z',
    });
    expect(next.pagination).toBe(list.pagination);
  });

  it('keeps the same object when nothing matches, so nothing re-renders', () => {
    expect(applyUpdate(list, { order_id: 9, status: 'Ready', total_amount: 1 })).toBe(list);
    expect(replaceOrder(list, staffOrder({ order_id: 9 }))).toBe(list);
    expect(removeOrder(list, { order_id: 9 })).toBe(list);
    expect(applyUpdate({ total_revenue: 1 }, { order_id: 1, status: 'Ready', total_amount: 1 })).toEqual({
      total_revenue: 1,
    });
  });

  it('keeps updated_at when an update does not carry it', () => {
    const next = applyUpdate(list, { order_id: 1, status: 'Ready', total_amount: 27.25 });
    expect(next.orders[0]?.updated_at).toBe(list.orders[0]?.updated_at);
  });

  it('replaces an order with the server answer and removes a deleted one', () => {
    const answered = staffOrder({ order_id: 1, status: 'Completed' });
    expect(replaceOrder(list, answered).orders[0]).toBe(answered);
    expect(removeOrder(list, { order_id: 1 }).orders.map((order) => order.order_id)).toEqual([2]);
  });
});
