import { describe, expect, it } from 'vitest';
import { formatOrderTime, localDate } from './order-summary-format';

describe('order times', () => {
  it("reads the calendar date in the restaurant's zone when given one", () => {
    const instant = new Date('2026-11-24T03:05:00.000Z');
    expect(localDate(instant, 'America/Los_Angeles')).toBe('2026-11-23');
    expect(localDate(instant, 'Europe/Berlin')).toBe('2026-11-24');
    expect(localDate(new Date('2026-03-29T22:00:00.000Z'), 'Europe/Berlin')).toBe('2026-03-30');
  });

  it("shows the time alone on the report's day and the date too after midnight, in that zone", () => {
    const zone = 'America/Los_Angeles';
    expect(formatOrderTime('2026-11-24T03:05:00.000Z', '2026-11-23', zone)).toBe('7:05 PM');
    // 01:30 on the next calendar day: a late order kept by the closing-day rule.
    expect(formatOrderTime('2026-11-24T09:30:00.000Z', '2026-11-23', zone)).toBe('Nov 24, 1:30 AM');
    expect(formatOrderTime('2026-11-24T03:05:00.000Z', '2026-11-24', 'Europe/Berlin')).toBe('4:05 AM');
    expect(formatOrderTime('nonsense', '2026-11-23', zone)).toBe('');
  });

  it("falls back to the browser's zone for a zone it does not know", () => {
    const instant = new Date('2026-11-24T03:05:00.000Z');
    expect(localDate(instant, 'Not/AZone')).toBe(localDate(instant));
    expect(formatOrderTime(instant.toISOString(), localDate(instant), 'Not/AZone')).toBe(
      formatOrderTime(instant.toISOString(), localDate(instant)),
    );
  });
});
