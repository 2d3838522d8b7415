import { describe, expect, it } from 'vitest';
import {
  dollars,
  EARLIEST_DATE,
  id,
  isoDate,
  latestDate,
  MAX_PRICE,
  phone,
  phoneDigits,
  timeZone,
} from './fields';

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

describe('isoDate', () => {
  const date = isoDate('From');
  const messageOf = (value: string) => date.safeParse(value).error?.issues.map((issue) => issue.message);

  it('takes real dates from 2000-01-01 to a year after today', () => {
    expect(latestDate(new Date('2026-11-26T23:59:00Z'))).toBe('2027-11-26');
    for (const value of [EARLIEST_DATE, '2026-02-28', '2024-02-29', latestDate()])
      expect(date.safeParse(value).success, value).toBe(true);
  });

  it('refuses a date outside them, naming the field once', () => {
    for (const value of ['9999-12-31', '0001-01-01', '1999-12-31'])
      expect(messageOf(value), value).toEqual([`From must be a date from 2000-01-01 to ${latestDate()}`]);
    expect(messageOf('2000-02-30')).toEqual(['From must be a real calendar date (YYYY-MM-DD)']);
    expect(messageOf('2026-3-1')).toEqual(['From must be YYYY-MM-DD']);
  });
});
