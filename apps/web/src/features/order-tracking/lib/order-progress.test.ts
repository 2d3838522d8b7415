import { orderMessages } from '@tableserve/contract/order';
import { describe, expect, it } from 'vitest';
import { isActiveOrder, orderProgress } from './order-progress';

const ticked = (status: Parameters<typeof orderProgress>[0]) =>
  orderProgress(status)
    ?.filter((step) => step.done)
    .map((step) => step.label);
const current = (status: Parameters<typeof orderProgress>[0]) =>
  orderProgress(status)?.find((step) => step.current)?.label;

describe('orderProgress', () => {
  it('lists the five steps in the spec order', () => {
    expect(orderProgress('Pending')?.map((step) => step.label)).toEqual([
      'Order Received',
      'Order Confirmed',
      'Being Prepared',
      'Ready',
      'Complete',
    ]);
  });

  it('Pending ticks Order Received only', () => {
    expect(ticked('Pending')).toEqual(['Order Received']);
    expect(current('Pending')).toBe('Order Received');
  });

  it('Approved ticks up to its first match, Order Confirmed, not Being Prepared', () => {
    expect(ticked('Approved')).toEqual(['Order Received', 'Order Confirmed']);
    expect(current('Approved')).toBe('Order Confirmed');
  });

  it('Ready ticks every step before Complete', () => {
    expect(ticked('Ready')).toEqual(['Order Received', 'Order Confirmed', 'Being Prepared', 'Ready']);
    expect(current('Ready')).toBe('Ready');
  });

  it('Completed ticks every step', () => {
    expect(ticked('Completed')).toHaveLength(5);
    expect(current('Completed')).toBe('Complete');
  });

  it('Cancelled has no steps (the page shows the cancelled text instead)', () => {
    expect(orderProgress('Cancelled')).toBeNull();
    expect(orderMessages.cancelled).toBe('Your Order is Cancelled');
  });
});

describe('isActiveOrder', () => {
  it('counts Pending, Approved and Ready as active, Completed and Cancelled as past', () => {
    expect(
      ['Pending', 'Approved', 'Ready', 'Completed', 'Cancelled'].map((s) => isActiveOrder(s as never)),
    ).toEqual([true, true, true, false, false]);
  });
});
