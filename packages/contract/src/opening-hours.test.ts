import { describe, expect, it } from 'vitest';
import { closingDayFor, OpeningHours, WEEKDAYS, withClosingDays } from './opening-hours';

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

const day = (close: string) => ({ open: '11:00', close, closing_day: 'monday', pickup: true }) as const;

describe('OpeningHours', () => {
  const week = Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, day('22:00')]));

  it('needs all seven weekdays and nothing else', () => {
    expect(OpeningHours.safeParse(week).success).toBe(true);
    const { sunday: _sunday, ...sixDays } = week;
    expect(OpeningHours.safeParse(sixDays).success).toBe(false);
    expect(OpeningHours.safeParse({ ...week, holiday: day('22:00') }).success).toBe(false);
  });

  it.each(['25:00', '9:00', '12:60', '24:00', '12:00:00', 'noon'])('refuses the time %s', (time) => {
    expect(OpeningHours.safeParse({ ...week, monday: day(time) }).success).toBe(false);
  });

  it('withClosingDays applies the closing-day rule to every day, whatever was sent', () => {
    const hours = withClosingDays(
      OpeningHours.parse({ ...week, friday: day('01:00'), sunday: day('02:00'), monday: day('23:00') }),
    );
    expect(hours.friday.closing_day).toBe('saturday');
    expect(hours.sunday.closing_day).toBe('monday');
    expect(hours.monday.closing_day).toBe('monday');
    expect(hours.tuesday.closing_day).toBe('tuesday');
  });
});
