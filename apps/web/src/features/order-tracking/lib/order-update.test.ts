import { describe, expect, it } from 'vitest';
import { orderSummary } from '../testing/fixtures';
import { applyOrderUpdate, applyOrderUpdateToList } from './order-update';

describe('applyOrderUpdate', () => {
  const order = orderSummary({ order_id: 42, status: 'Pending', total_amount: 31.5 });

  it('changes status and total when the order_id matches', () => {
    expect(applyOrderUpdate(order, { order_id: 42, status: 'Approved', total_amount: 29 })).toEqual({
      ...order,
      status: 'Approved',
      total_amount: 29,
    });
  });

  it('takes the figures of an update, what was refunded too', () => {
    const paid = orderSummary({ subtotal: 31.5, payment_timing: 'order', payment_state: 'paid' });
    const update = {
      order_id: 42,
      status: 'Cancelled',
      total_amount: 31.5,
      subtotal: 31.5,
      payment_timing: 'order',
      payment_state: 'refunded',
      refunded: 31.5,
    } as const;
    expect(applyOrderUpdate(paid, update)).toMatchObject({ status: 'Cancelled', refunded: 31.5 });
    // The refund confirmed later, with nothing else changed, still reaches the page.
    const cancelled = applyOrderUpdate(paid, { ...update, refunded: undefined });
    expect(applyOrderUpdate(cancelled, update)).toMatchObject({ refunded: 31.5 });
  });

  it('leaves the order untouched when the order_id is another order', () => {
    expect(applyOrderUpdate(order, { order_id: 43, status: 'Cancelled', total_amount: 0 })).toBe(order);
  });

  it('updates a status-only order without adding a total', () => {
    expect(
      applyOrderUpdate(
        { order_id: 42, status: 'Pending' as const },
        { order_id: 42, status: 'Ready', total_amount: 9 },
      ),
    ).toEqual({
      order_id: 42,
      status: 'Ready',
    });
  });

  it('updates only the matching order of a list, and keeps the list when none matches', () => {
    const list = [orderSummary({ order_id: 1 }), orderSummary({ order_id: 2 })];
    const next = applyOrderUpdateToList(list, { order_id: 2, status: 'Ready', total_amount: 31.5 });
    expect(next.map((o) => o.status)).toEqual(['Pending', 'Ready']);
    expect(next[0]).toBe(list[0]);
    expect(applyOrderUpdateToList(list, { order_id: 3, status: 'Ready', total_amount: 1 })).toBe(list);
  });
});
