export const DAY_MS = 24 * 60 * 60 * 1000;

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** Whole days from `from` to `to`, rounded up; never negative. */
export const daysUntil = (to: Date, from: Date) =>
  Math.max(0, Math.ceil((to.getTime() - from.getTime()) / DAY_MS));

/** Whole days elapsed since `since`, rounded down; never negative. */
export const daysSince = (since: Date, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS));
