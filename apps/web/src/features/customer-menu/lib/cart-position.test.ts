import { describe, expect, it } from 'vitest';
import { clampPosition, defaultPosition, readCartPosition, saveCartPosition } from './cart-position';

const size = { width: 120, height: 56 };
const viewport = { width: 390, height: 844 };

describe('clampPosition', () => {
  it('keeps a position that already fits', () => {
    expect(clampPosition({ x: 100, y: 300 }, size, viewport)).toEqual({ x: 100, y: 300 });
  });

  it('pulls a position past the right and bottom edges back inside, keeping the gap', () => {
    expect(clampPosition({ x: 1000, y: 2000 }, size, viewport)).toEqual({
      x: 390 - 120 - 12,
      y: 844 - 56 - 12,
    });
  });

  it('pulls a position past the left and top edges back inside', () => {
    expect(clampPosition({ x: -50, y: -10 }, size, viewport)).toEqual({ x: 12, y: 12 });
  });

  it('pins the button to the top-left gap when the window is smaller than it', () => {
    expect(clampPosition({ x: 40, y: 40 }, size, { width: 100, height: 50 })).toEqual({ x: 12, y: 12 });
  });

  it('honours a custom gap and rounds to whole pixels', () => {
    expect(clampPosition({ x: 10.6, y: 900 }, size, viewport, 0)).toEqual({ x: 11, y: 844 - 56 });
  });
});

describe('defaultPosition', () => {
  it('sits bottom-right, above the given clearance', () => {
    expect(defaultPosition(size, viewport, 100)).toEqual({ x: 390 - 120 - 12, y: 844 - 56 - 12 - 100 });
  });
});

describe('saved cart position', () => {
  it('is saved under cartPosition as JSON {x,y} and read back', () => {
    saveCartPosition({ x: 33, y: 44 });
    expect(JSON.parse(localStorage.getItem('cartPosition') ?? 'null')).toEqual({ x: 33, y: 44 });
    expect(readCartPosition()).toEqual({ x: 33, y: 44 });
  });

  it.each(['not json', '{"x":"a","y":2}', 'null', '{"x":1}'])('reads %j as no position', (raw) => {
    localStorage.setItem('cartPosition', raw);
    expect(readCartPosition()).toBeNull();
  });
});
