import { describe, expect, it } from 'vitest';
import { formatPhone } from '@/lib/format-phone';
import { formatDollars as formatMoney } from '@/lib/money';
import { line } from '../testing/fixtures';
import { formatAddress, itemsSubtotal, orderLineTotal, orderPlace, splitOrderItems } from './order-format';

describe('order formatting', () => {
  it('shows money with a dollar sign and 2 decimals', () => {
    expect(formatMoney(31.5)).toBe('$31.50');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('prices a line as unit price times quantity, without float drift', () => {
    expect(orderLineTotal(line('Tea', 3, 0.1))).toBe(0.3);
    expect(itemsSubtotal([line('Tea', 3, 0.1), line('Cake', 2, 4.25)])).toBe(8.8);
  });

  it('keeps the first 3 items and puts the rest behind the expander', () => {
    expect(splitOrderItems([1, 2, 3, 4, 5])).toEqual({ preview: [1, 2, 3], rest: [4, 5] });
    expect(splitOrderItems([1, 2])).toEqual({ preview: [1, 2], rest: [] });
  });

  it('formats a 10-digit phone 3-3-4 and leaves anything else alone', () => {
    expect(formatPhone('5551234567')).toBe('555-123-4567');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });

  it('says the table for dine-in and Pickup otherwise', () => {
    expect(orderPlace({ order_type: 'dine-in', table_number: 4 })).toBe('Table 4');
    expect(orderPlace({ order_type: 'pickup', table_number: null })).toBe('Pickup');
  });

  it('joins the address parts that are filled in', () => {
    expect(formatAddress({ address: '12 Market St', city: 'Springfield', state: ' ' })).toBe(
      '12 Market St, Springfield',
    );
  });
});
