import { describe, expect, it } from 'vitest';
import { phone, phoneDigits } from './fields';

describe('phone', () => {
  it('keeps digits only, at most 10, from typed or pasted text', () => {
    expect(phoneDigits('(555) 123-4567')).toBe('5551234567');
    expect(phoneDigits('555123456789')).toBe('5551234567');
    expect(phoneDigits('abc')).toBe('');
  });

  it('accepts exactly 10 digits', () => {
    expect(phone.safeParse('5551234567').success).toBe(true);
    expect(phone.safeParse('555123456').success).toBe(false);
    expect(phone.safeParse('55512345678').success).toBe(false);
    expect(phone.safeParse('555-123-45').success).toBe(false);
  });
});
