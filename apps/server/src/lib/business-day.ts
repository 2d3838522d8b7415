import { WEEKDAYS, type Weekday } from '@tableserve/contract/opening-hours';
import { DAY_MS } from './time';

/**
 * The restaurant's business day (docs/product/business-day.md#business-day): "today", daily sales and the working-hours
 * counters are read in the restaurant's own time zone, and a day that closes after midnight
 * (the closing-day rule) keeps its late orders. Business days partition time with no gap and no
 * overlap: business day D starts at 00:00 local on D, or, when the day before closes after
 * midnight, at that closing time; it ends where D + 1 starts. So every order belongs to exactly
 * one business day, orders placed outside opening hours included.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

type LocalParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function localParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as LocalParts;
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const p = localParts(new Date(instant), timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which the zone's clocks show `date` `time` (YYYY-MM-DD, HH:MM). A time skipped
 * by a daylight-saving change maps to the same distance after the change (02:30 → 03:30); a time
 * shown twice maps to its first occurrence.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The offsets just before and after the wall time cover both sides of a change.
  const before = offsetAt(wall - DAY_MS / 2, timeZone);
  const after = offsetAt(wall + DAY_MS / 2, timeZone);
  const candidates = [wall - before, wall - after].filter(
    (instant) => instant + offsetAt(instant, timeZone) === wall,
  );
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  // In a gap: the wall clock jumped from `before` to `after`.
  return new Date(wall - before);
}

/** YYYY-MM-DD of the zone's calendar at `instant`. */
export function localDate(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The hour (0 to 23) the zone's clocks show at `instant`. */
export const localHour = (instant: Date, timeZone: string): number => localParts(instant, timeZone).hour;

const shiftDate = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const weekdayOf = (date: string): Weekday =>
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;

/** The local time at which the business day after `weekday` starts: its late close, or midnight. */
function startTimeAfter(weekday: Weekday, hours: WeeklyHours): string {
  const previous = hours[weekday];
  return previous && previous.closing_day !== weekday ? previous.close : '00:00';
}

/** The local time at which business day `date` starts. */
const startTimeOf = (date: string, hours: WeeklyHours) =>
  startTimeAfter(weekdayOf(shiftDate(date, -1)), hours);

export type BusinessDay = { date: string; start: Date; end: Date };

/** What the business day needs of the opening hours (closing days set by the closing-day rule). */
type WeeklyHours = Partial<Record<string, { close: string; closing_day: string }>>;

export type RestaurantClock = { openingHours: WeeklyHours; timezone: string };

/** Business day `date` (YYYY-MM-DD) of the restaurant, as a half-open span [start, end). */
export function businessDay(date: string, restaurant: RestaurantClock): BusinessDay {
  const next = shiftDate(date, 1);
  return {
    date,
    start: zonedInstant(date, startTimeOf(date, restaurant.openingHours), restaurant.timezone),
    end: zonedInstant(next, startTimeOf(next, restaurant.openingHours), restaurant.timezone),
  };
}

/** The business day `instant` falls in: yesterday's while yesterday's late close is still ahead. */
function workOutBusinessDayAt(instant: Date, restaurant: RestaurantClock): BusinessDay {
  const today = localDate(instant, restaurant.timezone);
  const day = businessDay(today, restaurant);
  return instant < day.start ? businessDay(shiftDate(today, -1), restaurant) : day;
}

/**
 * Business days already worked out, a few per clock, newest first. Every order the staff see
 * carries its business day (its order_date), and working one out costs about a dozen
 * Intl.DateTimeFormat.formatToParts calls: on every status change, that was the server's largest
 * function of its own. Business days partition time, so a kept day whose span holds the instant
 * IS that instant's day, whatever the app's clock says: nothing expires, the span is the check,
 * and a daylight-saving change is already inside the spans worked out.
 */
const keptDays = new Map<string, BusinessDay[]>();
/** A week of days per clock covers the lists the staff page through; the rest are worked out again. */
const DAYS_KEPT_PER_CLOCK = 8;
/** Bounds the memory: restaurants change their hours, and each change is a clock of its own. */
const CLOCKS_KEPT = 2000;

/** What a clock's business days depend on: its zone, and when each weekday's business day starts. */
const clockKey = (restaurant: RestaurantClock) =>
  `${restaurant.timezone} ${WEEKDAYS.map((weekday) => startTimeAfter(weekday, restaurant.openingHours)).join(' ')}`;

/**
 * The business day `instant` falls in. The answer may be shared with other callers: never
 * change its dates.
 */
export function businessDayAt(instant: Date, restaurant: RestaurantClock): BusinessDay {
  const key = clockKey(restaurant);
  const kept = keptDays.get(key) ?? [];
  const time = instant.getTime();
  const known = kept.find((day) => day.start.getTime() <= time && time < day.end.getTime());
  if (known) return known;
  const day = workOutBusinessDayAt(instant, restaurant);
  if (!keptDays.has(key) && keptDays.size >= CLOCKS_KEPT) {
    // The clock kept longest goes first (a Map iterates in insertion order).
    keptDays.delete(keptDays.keys().next().value!);
  }
  keptDays.set(key, [day, ...kept.slice(0, DAYS_KEPT_PER_CLOCK - 1)]);
  return day;
}
