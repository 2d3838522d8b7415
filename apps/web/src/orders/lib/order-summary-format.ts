/**
 * Times on the restaurant's order screens, in the owner's words. Without a time zone they read in
 * the browser's own zone; the daily sales report passes the restaurant's, since its day is one.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A cached formatter in `timeZone` (the browser's zone when none). A zone this browser does not
 * know falls back to the browser's zone rather than breaking the screen.
 */
export function zonedFormat(options: Intl.DateTimeFormatOptions, timeZone?: string): Intl.DateTimeFormat {
  const key = `${timeZone ?? ''}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', timeZone ? { ...options, timeZone } : options);
    } catch {
      formatter = new Intl.DateTimeFormat('en-US', options);
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

const timeOnly: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const dayAndTime: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', ...timeOnly };
const calendarDay: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };

/** YYYY-MM-DD of an instant in the calendar of `timeZone`, the browser's when none is given. */
export function localDate(instant: Date = new Date(), timeZone?: string): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of zonedFormat(calendarDay, timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * '7:05 PM' for an order placed on `day` (YYYY-MM-DD, today by default), 'Nov 22, 7:05 PM'
 * otherwise; both read in `timeZone` (the browser's when none is given).
 */
export function formatOrderTime(iso: string, day?: string, timeZone?: string): string {
  const placed = new Date(iso);
  if (Number.isNaN(placed.getTime())) return '';
  const sameDay = localDate(placed, timeZone) === (day ?? localDate(new Date(), timeZone));
  return zonedFormat(sameDay ? timeOnly : dayAndTime, timeZone).format(placed);
}
