import { describe, expect, it } from 'vitest';
import { formatPhone } from './format-phone';

describe('formatPhone (3-3-4 digits)', () => {
  it.each([
    ['5551234567', '555-123-4567'],
    ['(555) 123 4567', '555-123-4567'],
    ['555.123.4567', '555-123-4567'],
    ['+1 555 123 4567', '555-123-4567'],
  ])('formats %s as %s', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });

  it.each(['12345', '', '0044 20 7946 0958 12'])('leaves %j, which is not 10 digits, as stored', (input) => {
    expect(formatPhone(input)).toBe(input.trim());
  });
});
