import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatCents, formatDollars } from './money';

describe('money', () => {
  it('shows dollars with a dollar sign and two decimals', () => {
    expect(formatDollars(50)).toBe('$50.00');
    expect(formatDollars(100)).toBe('$100.00');
    expect(formatDollars(3.333333)).toBe('$3.33');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(1200)).toBe('$1,200.00');
  });

  it('formats cents', () => {
    expect(formatCents(500)).toBe('$5.00');
    expect(formatCents(8999)).toBe('$89.99');
  });

  it('turns dollars into whole cents without floating-point drift', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
  });
});
