import { closingDayFor, type OpeningHours, WEEKDAYS, type Weekday } from '@tableserve/contract/opening-hours';

/** A new restaurant starts open 11:00 to 22:00 every day, with pickup on: easy to adjust. */
export const DEFAULT_OPEN = '11:00';
export const DEFAULT_CLOSE = '22:00';

export function defaultOpeningHours(): OpeningHours {
  return Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      {
        open: DEFAULT_OPEN,
        close: DEFAULT_CLOSE,
        closing_day: closingDayFor(day, DEFAULT_CLOSE),
        pickup: true,
      },
    ]),
  ) as OpeningHours;
}

/** "monday" → "Monday". */
export const weekdayLabel = (day: Weekday) => day.charAt(0).toUpperCase() + day.slice(1);

/**
 * The hours with one day changed; its closing day follows its closing time live (docs/product/business-day.md#business-day
 * Closing-day rule), so the owner sees at once that 02:00 means the next morning.
 */
export function withDayChange(
  hours: OpeningHours,
  day: Weekday,
  change: Partial<Pick<OpeningHours[Weekday], 'open' | 'close' | 'pickup'>>,
): OpeningHours {
  const next = { ...hours[day], ...change };
  return { ...hours, [day]: { ...next, closing_day: closingDayFor(day, next.close) } };
}
