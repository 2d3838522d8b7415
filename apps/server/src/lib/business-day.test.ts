import { type OpeningHours, WEEKDAYS, withClosingDays } from '@tableserve/contract/opening-hours';
import { describe, expect, it } from 'vitest';
import { businessDay, businessDayAt, localDate, zonedInstant } from './business-day';

const hours = (overrides: Partial<Record<(typeof WEEKDAYS)[number], { open: string; close: string }>> = {}) =>
  withClosingDays(
    Object.fromEntries(
      WEEKDAYS.map((day) => [
        day,
        { open: '11:00', close: '22:00', closing_day: day, pickup: true, ...overrides[day] },
      ]),
    ) as OpeningHours,
  );

const at = (iso: string) => new Date(iso);

describe('zonedInstant', () => {
  it('turns a wall-clock time into the instant, on both sides of daylight saving', () => {
    expect(zonedInstant('2026-01-15', '09:00', 'America/Los_Angeles')).toEqual(at('2026-01-15T17:00:00Z'));
    expect(zonedInstant('2026-07-15', '09:00', 'America/Los_Angeles')).toEqual(at('2026-07-15T16:00:00Z'));
    expect(zonedInstant('2026-07-15', '09:00', 'Europe/Berlin')).toEqual(at('2026-07-15T07:00:00Z'));
    expect(zonedInstant('2026-07-15', '09:00', 'Asia/Kolkata')).toEqual(at('2026-07-15T03:30:00Z'));
  });

  it('moves a time skipped by the spring change forward, and takes the first of a repeated one', () => {
    // 2026-03-08 02:00 PST → 03:00 PDT: 02:30 does not exist.
    expect(zonedInstant('2026-03-08', '02:30', 'America/Los_Angeles')).toEqual(at('2026-03-08T10:30:00Z'));
    // 2026-11-01 02:00 PDT → 01:00 PST: 01:30 happens twice; the first is still PDT.
    expect(zonedInstant('2026-11-01', '01:30', 'America/Los_Angeles')).toEqual(at('2026-11-01T08:30:00Z'));
    // Berlin: 2026-03-29 02:00 → 03:00.
    expect(zonedInstant('2026-03-29', '02:15', 'Europe/Berlin')).toEqual(at('2026-03-29T01:15:00Z'));
  });

  it('reads the local calendar date of an instant', () => {
    expect(localDate(at('2026-07-16T06:30:00Z'), 'America/Los_Angeles')).toBe('2026-07-15');
    expect(localDate(at('2026-07-15T23:30:00Z'), 'Europe/Berlin')).toBe('2026-07-16');
  });
});

describe('businessDay', () => {
  it('runs midnight to midnight in the restaurant zone when no day closes after midnight', () => {
    const day = businessDay('2026-07-15', { openingHours: hours(), timezone: 'America/Los_Angeles' });
    expect(day).toEqual({
      date: '2026-07-15',
      start: at('2026-07-15T07:00:00Z'),
      end: at('2026-07-16T07:00:00Z'),
    });
  });

  it('keeps the orders after midnight with the evening they belong to (closing-day rule)', () => {
    // Friday closes at 02:00 on Saturday: Saturday's business day starts at 02:00.
    const late = hours({ friday: { open: '18:00', close: '02:00' } });
    const restaurant = { openingHours: late, timezone: 'Europe/Berlin' };
    const friday = businessDay('2026-07-17', restaurant);
    expect(friday.start).toEqual(at('2026-07-16T22:00:00Z'));
    expect(friday.end).toEqual(at('2026-07-18T00:00:00Z')); // Saturday 02:00 CEST
    expect(businessDay('2026-07-18', restaurant).start).toEqual(friday.end);

    // Saturday 01:30 local is still Friday's business day; 02:00 is Saturday's.
    expect(businessDayAt(at('2026-07-17T23:30:00Z'), restaurant).date).toBe('2026-07-17');
    expect(businessDayAt(at('2026-07-18T00:00:00Z'), restaurant).date).toBe('2026-07-18');
    // Thursday 23:59 local is Thursday's.
    expect(businessDayAt(at('2026-07-16T21:59:00Z'), restaurant).date).toBe('2026-07-16');
  });

  it('wraps the closing day from sunday to monday', () => {
    const restaurant = {
      openingHours: hours({ sunday: { open: '12:00', close: '01:00' } }),
      timezone: 'America/New_York',
    };
    // Monday 2026-07-20 00:30 EDT belongs to Sunday 2026-07-19.
    expect(businessDayAt(at('2026-07-20T04:30:00Z'), restaurant).date).toBe('2026-07-19');
    expect(businessDay('2026-07-20', restaurant).start).toEqual(at('2026-07-20T05:00:00Z'));
  });

  it('is 23 or 25 hours long on a daylight-saving change, in two zones', () => {
    const la = { openingHours: hours(), timezone: 'America/Los_Angeles' };
    const spring = businessDay('2026-03-08', la);
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    const fall = businessDay('2026-11-01', la);
    expect(fall.end.getTime() - fall.start.getTime()).toBe(25 * 3_600_000);

    const berlin = { openingHours: hours(), timezone: 'Europe/Berlin' };
    const autumn = businessDay('2026-10-25', berlin);
    expect(autumn.start).toEqual(at('2026-10-24T22:00:00Z'));
    expect(autumn.end).toEqual(at('2026-10-25T23:00:00Z'));
  });

  it('starts at the late close even when the change happens during the night', () => {
    // Saturday 2026-03-07 closes at 03:00 on Sunday 03-08, the night clocks jump 02:00 → 03:00.
    const la = {
      openingHours: hours({ saturday: { open: '18:00', close: '03:00' } }),
      timezone: 'America/Los_Angeles',
    };
    const sunday = businessDay('2026-03-08', la);
    expect(sunday.start).toEqual(at('2026-03-08T10:00:00Z')); // 03:00 PDT
    expect(businessDay('2026-03-07', la).end).toEqual(sunday.start);
    expect(businessDayAt(at('2026-03-08T09:59:00Z'), la).date).toBe('2026-03-07');
  });
});

describe('businessDayAt, from the days it already worked out', () => {
  const HOUR = 3_600_000;
  /** Every half hour of the week around the spring change, in the order given. */
  const instantsOfTheWeek = (from: string) =>
    Array.from({ length: 7 * 48 }, (_, index) => new Date(Date.parse(from) + (index * HOUR) / 2));

  it('answers the day whose span holds the instant, walking forward, back and across a daylight-saving change', () => {
    const la = {
      openingHours: hours({ saturday: { open: '18:00', close: '03:00' } }),
      timezone: 'America/Los_Angeles',
    };
    const week = instantsOfTheWeek('2026-03-05T00:00:00Z');
    for (const instant of [...week, ...week.reverse()]) {
      const day = businessDayAt(instant, la);
      expect(day.start.getTime()).toBeLessThanOrEqual(instant.getTime());
      expect(day.end.getTime()).toBeGreaterThan(instant.getTime());
      expect(day).toEqual(businessDay(day.date, la));
    }
    // 03:30 PDT, after the jump and Saturday's 03:00 close: Sunday's; 01:30 PST: still Saturday's.
    expect(businessDayAt(at('2026-03-08T10:30:00Z'), la).date).toBe('2026-03-08');
    expect(businessDayAt(at('2026-03-08T09:30:00Z'), la).date).toBe('2026-03-07');
  });

  it('keeps the days of one zone apart when the opening hours differ, and follows a change of hours', () => {
    const timezone = 'Europe/Berlin';
    const early = { openingHours: hours(), timezone };
    const late = { openingHours: hours({ friday: { open: '18:00', close: '02:00' } }), timezone };
    // Saturday 2026-07-18 01:30 CEST.
    const instant = at('2026-07-17T23:30:00Z');
    expect(businessDayAt(instant, early).date).toBe('2026-07-18');
    expect(businessDayAt(instant, late).date).toBe('2026-07-17');
    expect(businessDayAt(instant, early).date).toBe('2026-07-18');
    // The same instant in another zone.
    expect(businessDayAt(instant, { ...early, timezone: 'America/New_York' }).date).toBe('2026-07-17');
  });
});
