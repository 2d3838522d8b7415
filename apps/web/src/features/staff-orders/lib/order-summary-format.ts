/** Times on the restaurant's order screens, in the browser's own zone and the owner's words. */

const timeOnly = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** YYYY-MM-DD of an instant in the browser's local calendar. */
export function localDate(instant: Date = new Date()): string {
  const month = String(instant.getMonth() + 1).padStart(2, '0');
  const day = String(instant.getDate()).padStart(2, '0');
  return `${instant.getFullYear()}-${month}-${day}`;
}

/** '7:05 PM' for an order placed on `day` (YYYY-MM-DD, today by default), 'Nov 22, 7:05 PM' otherwise. */
export function formatOrderTime(iso: string, day: string = localDate()): string {
  const placed = new Date(iso);
  if (Number.isNaN(placed.getTime())) return '';
  return localDate(placed) === day ? timeOnly.format(placed) : dayAndTime.format(placed);
}
