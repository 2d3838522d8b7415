/** docs/product/staff-screens.md#kitchen: the kitchen's timer ticks every second and shows hh:mm:ss since updated_at. */
export const KITCHEN_TICK_MS = 1000;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A duration as hh:mm:ss, each part zero-padded. Hours keep counting past 24 (an order left open
 * overnight reads 26:00:00, not 02:00:00); less than nothing (a clock behind the server's) is 00:00:00.
 */
export function formatElapsed(milliseconds: number): string {
  const total = Number.isFinite(milliseconds) ? Math.max(0, Math.floor(milliseconds)) : 0;
  const hours = Math.floor(total / HOUR);
  const minutes = Math.floor((total % HOUR) / MINUTE);
  const seconds = Math.floor((total % MINUTE) / SECOND);
  return `${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(seconds)}`;
}

/** How long ago an instant (ISO text, e.g. an order's updated_at) was, at `now` (epoch ms). */
export function elapsedSince(instant: string, now: number): number {
  const then = Date.parse(instant);
  return Number.isNaN(then) ? 0 : now - then;
}
