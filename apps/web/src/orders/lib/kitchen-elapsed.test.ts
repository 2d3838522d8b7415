import { describe, expect, it } from 'vitest';
import { elapsedSince, formatElapsed } from './kitchen-elapsed';

const seconds = (value: number) => value * 1000;
const minutes = (value: number) => seconds(value * 60);
const hours = (value: number) => minutes(value * 60);

describe('formatElapsed (docs/product/staff-screens.md#kitchen: hh:mm:ss since updated_at)', () => {
  it('pads every part to two digits', () => {
    expect(formatElapsed(0)).toBe('00:00:00');
    expect(formatElapsed(seconds(7))).toBe('00:00:07');
    expect(formatElapsed(minutes(3) + seconds(9))).toBe('00:03:09');
    expect(formatElapsed(hours(1) + minutes(2) + seconds(3))).toBe('01:02:03');
  });

  it('rolls seconds into minutes and minutes into hours', () => {
    expect(formatElapsed(seconds(59))).toBe('00:00:59');
    expect(formatElapsed(seconds(60))).toBe('00:01:00');
    expect(formatElapsed(minutes(59) + seconds(59))).toBe('00:59:59');
    expect(formatElapsed(minutes(60))).toBe('01:00:00');
  });

  it('shows whole seconds only (never rounds up)', () => {
    expect(formatElapsed(999)).toBe('00:00:00');
    expect(formatElapsed(seconds(61) + 999)).toBe('00:01:01');
  });

  it('keeps counting hours past a day instead of wrapping', () => {
    expect(formatElapsed(hours(23) + minutes(59) + seconds(59))).toBe('23:59:59');
    expect(formatElapsed(hours(24))).toBe('24:00:00');
    expect(formatElapsed(hours(26) + minutes(5) + seconds(1))).toBe('26:05:01');
    expect(formatElapsed(hours(100))).toBe('100:00:00');
  });

  it('never shows a negative time (a client clock behind the server) or garbage', () => {
    expect(formatElapsed(-seconds(5))).toBe('00:00:00');
    expect(formatElapsed(Number.NaN)).toBe('00:00:00');
  });
});

describe('elapsedSince', () => {
  it("counts from an order's updated_at to now", () => {
    const now = Date.parse('2026-11-23T19:10:05.000Z');
    expect(elapsedSince('2026-11-23T19:00:00.000Z', now)).toBe(minutes(10) + seconds(5));
  });

  it('is zero for an unreadable instant', () => {
    expect(elapsedSince('not a date', Date.now())).toBe(0);
  });
});
