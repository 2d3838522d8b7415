import { ORDER_STATUSES } from '@tableserve/contract/order';
import { describe, expect, it } from 'vitest';
import { staffOrder } from '@/orders/testing/staff-order';
import { canMarkReady, kitchenBoard } from './kitchen-board';

const at = (minute: number) => `2026-11-23T19:${String(minute).padStart(2, '0')}:00.000Z`;
const ids = (orders: { order_id: number }[]) => orders.map((order) => order.order_id);

describe('canMarkReady (docs/product/subscriptions.md#cancellation: not offered for Completed or Cancelled)', () => {
  it('offers Mark as Ready for Pending and Approved orders only', () => {
    expect(ORDER_STATUSES.filter(canMarkReady)).toEqual(['Pending', 'Approved']);
  });
});

describe('kitchenBoard', () => {
  it('puts what is still to cook first, oldest placed first, whatever order the list came in', () => {
    const board = kitchenBoard([
      staffOrder({ order_id: 3, status: 'Approved', created_at: at(5) }),
      staffOrder({ order_id: 1, status: 'Pending', created_at: at(9) }),
      staffOrder({ order_id: 2, status: 'Pending', created_at: at(1) }),
    ]);
    expect(ids(board.toCook)).toEqual([2, 3, 1]);
    expect(board.ready).toEqual([]);
    expect(board.done).toEqual([]);
  });

  it('lists Ready orders by how long they have waited at the pass, and done ones latest first', () => {
    const board = kitchenBoard([
      staffOrder({ order_id: 1, status: 'Ready', updated_at: at(20) }),
      staffOrder({ order_id: 2, status: 'Completed', updated_at: at(10) }),
      staffOrder({ order_id: 3, status: 'Ready', updated_at: at(12) }),
      staffOrder({ order_id: 4, status: 'Cancelled', updated_at: at(30) }),
      staffOrder({ order_id: 5, status: 'Pending' }),
    ]);
    expect(ids(board.toCook)).toEqual([5]);
    expect(ids(board.ready)).toEqual([3, 1]);
    expect(ids(board.done)).toEqual([4, 2]);
  });

  it('breaks ties by order number', () => {
    const board = kitchenBoard([
      staffOrder({ order_id: 9, created_at: at(1) }),
      staffOrder({ order_id: 4, created_at: at(1) }),
    ]);
    expect(ids(board.toCook)).toEqual([4, 9]);
  });
});
