import { z } from 'zod';
import { timeOfDay } from './fields';

export { timeOfDay } from './fields';

/** Opening hours (docs/product/api-conventions.md#api-calls): one entry per weekday, each with its closing day. */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** docs/product/business-day.md#closing-day: a closing hour before 06:00 belongs to the next day. */
export const CLOSING_DAY_CUTOFF_HOUR = 6;

export function closingDayFor(day: Weekday, close: string): Weekday {
  const hour = Number(close.slice(0, 2));
  if (hour >= CLOSING_DAY_CUTOFF_HOUR) return day;
  // sunday wraps to monday
  return WEEKDAYS[(WEEKDAYS.indexOf(day) + 1) % WEEKDAYS.length]!;
}

export const OpeningHoursDay = z.strictObject({
  open: timeOfDay,
  close: timeOfDay,
  /** Recomputed by the server with closingDayFor, whatever the client sent. */
  closing_day: z.enum(WEEKDAYS, 'Closing day must be a weekday'),
  pickup: z.boolean('Pickup must be true or false'),
});
export type OpeningHoursDay = z.infer<typeof OpeningHoursDay>;

/** All seven weekdays, monday to sunday; nothing else. */
export const OpeningHours = z.strictObject(
  Object.fromEntries(WEEKDAYS.map((day) => [day, OpeningHoursDay])) as Record<
    Weekday,
    typeof OpeningHoursDay
  >,
);
export type OpeningHours = z.infer<typeof OpeningHours>;

/** The same hours with every closing_day set by the closing-day rule. */
export function withClosingDays(hours: OpeningHours): OpeningHours {
  return Object.fromEntries(
    WEEKDAYS.map((day) => [day, { ...hours[day], closing_day: closingDayFor(day, hours[day].close) }]),
  ) as OpeningHours;
}
