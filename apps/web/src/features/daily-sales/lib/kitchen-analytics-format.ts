import type { KitchenAnalyticsResponse } from '@tableserve/contract/kitchen-analytics';

type HourCount = KitchenAnalyticsResponse['hours'][number];

/** '45 s', '12 min', '12 min 30 s', '1 h 5 min': a preparation time as the kitchen says it. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.round(totalSeconds);
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) {
    const rest = seconds % 60;
    return rest === 0 ? `${Math.floor(seconds / 60)} min` : `${Math.floor(seconds / 60)} min ${rest} s`;
  }
  const minutes = Math.round((seconds % 3600) / 60);
  return minutes === 0 ? `${Math.floor(seconds / 3600)} h` : `${Math.floor(seconds / 3600)} h ${minutes} min`;
}

/** '7 PM', '12 AM': an hour of the restaurant's clock, as the rest of the report writes times. */
export const hourLabel = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;

/** '7 PM – 8 PM': the hour a count covers. */
export const hourSpan = (hour: number) => `${hourLabel(hour)} – ${hourLabel((hour + 1) % 24)}`;

/** The hour with the most orders, the earliest of the day on a tie; null when none had any. */
export function busiestHour(hours: readonly HourCount[]): HourCount | null {
  return hours.reduce<HourCount | null>(
    (best, hour) => (hour.orders > 0 && hour.orders > (best?.orders ?? 0) ? hour : best),
    null,
  );
}

const DAY_MS = 86_400_000;

/** The first of the 7 business days that end on `date` (YYYY-MM-DD). */
export const weekEndingOn = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - 6 * DAY_MS).toISOString().slice(0, 10);

const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const shortDayYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Nov 17 – Nov 23, 2026' for business days from..to. */
export const formatRange = (from: string, to: string) =>
  `${shortDay.format(new Date(`${from}T00:00:00Z`))} – ${shortDayYear.format(new Date(`${to}T00:00:00Z`))}`;
