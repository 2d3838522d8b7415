import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEW_ORDER_HIGHLIGHT_MS, useKitchenHighlights } from './use-kitchen-highlights';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useKitchenHighlights', () => {
  it('marks a new order for about ten seconds, then lets it go', () => {
    const { result } = renderHook(() => useKitchenHighlights());
    expect(NEW_ORDER_HIGHLIGHT_MS).toBe(10_000);

    act(() => result.current.highlight(12));
    expect(result.current.newOrderIds.has(12)).toBe(true);

    act(() => vi.advanceTimersByTime(NEW_ORDER_HIGHLIGHT_MS - 1));
    expect(result.current.newOrderIds.has(12)).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.newOrderIds.has(12)).toBe(false);
  });

  it('keeps each order on its own clock, and restarts it when the same order arrives again', () => {
    const { result } = renderHook(() => useKitchenHighlights());
    act(() => result.current.highlight(1));
    act(() => vi.advanceTimersByTime(6000));
    act(() => {
      result.current.highlight(2);
      result.current.highlight(1);
    });
    act(() => vi.advanceTimersByTime(6000));
    expect([...result.current.newOrderIds].sort()).toEqual([1, 2]);
    act(() => vi.advanceTimersByTime(4000));
    expect(result.current.newOrderIds.size).toBe(0);
  });

  it('leaves no timer running after the screen closes', () => {
    const { result, unmount } = renderHook(() => useKitchenHighlights());
    act(() => result.current.highlight(1));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
