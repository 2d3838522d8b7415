import { describe, expect, it } from 'vitest';
import { closingDayFor } from './opening-hours';

describe('closingDayFor', () => {
  it('keeps the same day when closing at 06:00 or later', () => {
    expect(closingDayFor('monday', '06:00')).toBe('monday');
    expect(closingDayFor('friday', '23:30')).toBe('friday');
  });

  it('moves to the next weekday when closing before 06:00', () => {
    expect(closingDayFor('friday', '01:00')).toBe('saturday');
    expect(closingDayFor('tuesday', '05:59')).toBe('wednesday');
    expect(closingDayFor('monday', '00:00')).toBe('tuesday');
  });

  it('wraps sunday to monday', () => {
    expect(closingDayFor('sunday', '02:00')).toBe('monday');
  });
});
