import { describe, expect, it } from 'vitest';
import { dollars, id, MAX_PRICE, phone, phoneDigits, timeZone } from './fields';

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

describe('dollars', () => {
  const price = dollars('Price');
  it('accepts 0 or more with at most 2 decimals', () => {
    for (const value of [0, 1, 12.5, 0.29, 19.99, 1.1, MAX_PRICE]) expect(price.parse(value)).toBe(value);
  });

  it('refuses negatives, 3 decimals, non-numbers and absurd amounts', () => {
    expect(price.safeParse(-1).error?.issues[0]?.message).toBe('Price must be 0 or more');
    expect(price.safeParse(1.005).error?.issues[0]?.message).toBe('Price can have at most 2 decimals');
    expect(price.safeParse(0.001).success).toBe(false);
    expect(price.safeParse('12').success).toBe(false);
    expect(price.safeParse(Number.NaN).success).toBe(false);
    expect(price.safeParse(MAX_PRICE + 0.01).success).toBe(false);
  });
});

describe('timeZone', () => {
  it('accepts IANA names and refuses anything else', () => {
    for (const zone of ['UTC', 'America/New_York', 'Europe/Paris', 'Asia/Kolkata'])
      expect(timeZone.safeParse(zone).success).toBe(true);
    for (const zone of ['Mars/Olympus_Mons', '', 'GMT+25', 'x'.repeat(65)])
      expect(timeZone.safeParse(zone).error?.issues[0]?.message).toMatch(/time zone/i);
  });
});

describe('id', () => {
  it('is a positive integer that fits a database integer', () => {
    expect(id.parse('42')).toBe(42);
    expect(id.safeParse('0').success).toBe(false);
    expect(id.safeParse('2147483648').success).toBe(false);
    expect(id.safeParse('1.5').success).toBe(false);
  });
});
