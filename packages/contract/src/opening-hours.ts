/** Opening hours (DESIGN.md §3): one entry per weekday, each with its closing day. */
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

/** owner-side §5 Closing-day rule: a closing hour before 06:00 belongs to the next day. */
export const CLOSING_DAY_CUTOFF_HOUR = 6;

export function closingDayFor(day: Weekday, close: string): Weekday {
  const hour = Number(close.slice(0, 2));
  if (hour >= CLOSING_DAY_CUTOFF_HOUR) return day;
  // sunday wraps to monday
  return WEEKDAYS[(WEEKDAYS.indexOf(day) + 1) % WEEKDAYS.length]!;
}
