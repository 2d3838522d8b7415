import { describe, expect, it } from 'vitest';
import {
  busiestHour,
  formatDuration,
  formatRange,
  hourLabel,
  hourSpan,
  weekEndingOn,
} from './kitchen-analytics-format';

describe('kitchen analytics in words', () => {
  it('says a preparation time in seconds, minutes, or hours and minutes', () => {
    expect([0, 45, 60, 900, 1530, 3599, 3600, 3900, 7230].map(formatDuration)).toEqual([
      '0 s',
      '45 s',
      '1 min',
      '15 min',
      '25 min 30 s',
      '59 min 59 s',
      '1 h',
      '1 h 5 min',
      '2 h 1 min',
    ]);
  });

  it('names hours on a 12-hour clock, midnight and noon included', () => {
    expect([0, 1, 11, 12, 13, 23].map(hourLabel)).toEqual([
      '12 AM',
      '1 AM',
      '11 AM',
      '12 PM',
      '1 PM',
      '11 PM',
    ]);
    expect(hourSpan(23)).toBe('11 PM – 12 AM');
  });

  it('finds the busiest hour, the earliest of the day on a tie, and none in a day without orders', () => {
    expect(
      busiestHour([
        { hour: 22, orders: 4 },
        { hour: 23, orders: 1 },
        { hour: 0, orders: 4 },
      ]),
    ).toEqual({ hour: 22, orders: 4 });
    expect(busiestHour([])).toBeNull();
    expect(busiestHour([{ hour: 9, orders: 0 }])).toBeNull();
  });

  it('reads the 7 days ending on a date, across a month and a year', () => {
    expect(weekEndingOn('2026-11-20')).toBe('2026-11-14');
    expect(weekEndingOn('2027-01-03')).toBe('2026-12-28');
    expect(formatRange('2026-12-28', '2027-01-03')).toBe('Dec 28 – Jan 3, 2027');
  });
});
