import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KitchenElapsedTimer } from './kitchen-elapsed-timer';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-23T19:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const timers = () => screen.getAllByRole('timer').map((timer) => timer.textContent);

describe('KitchenElapsedTimer', () => {
  it('shows hh:mm:ss since the order last changed and ticks every second', () => {
    render(<KitchenElapsedTimer since="2026-11-23T18:58:55.000Z" />);
    expect(timers()).toEqual(['00:01:05']);

    act(() => vi.advanceTimersByTime(1000));
    expect(timers()).toEqual(['00:01:06']);
    act(() => vi.advanceTimersByTime(1000));
    expect(timers()).toEqual(['00:01:07']);
    act(() => vi.advanceTimersByTime(60_000));
    expect(timers()).toEqual(['00:02:07']);
  });

  it('keeps counting past a day', () => {
    render(<KitchenElapsedTimer since="2026-11-22T16:59:59.000Z" />);
    expect(timers()).toEqual(['26:00:01']);
    act(() => vi.advanceTimersByTime(1000));
    expect(timers()).toEqual(['26:00:02']);
  });

  it('runs one shared 1-second interval for the whole grid, and none once it closes', () => {
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const { unmount } = render(
      <>
        <KitchenElapsedTimer since="2026-11-23T18:59:00.000Z" />
        <KitchenElapsedTimer since="2026-11-23T18:50:00.000Z" />
        <KitchenElapsedTimer since="2026-11-23T17:00:00.000Z" muted />
      </>,
    );
    expect(setIntervalSpy).toHaveBeenCalledTimes(1);
    expect(setIntervalSpy).toHaveBeenCalledWith(expect.any(Function), 1000);

    act(() => vi.advanceTimersByTime(1000));
    expect(timers()).toEqual(['00:01:01', '00:10:01', '02:00:01']);

    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('names what it counts for screen readers', () => {
    render(<KitchenElapsedTimer since="2026-11-23T18:59:00.000Z" />);
    expect(screen.getByText(/time since its last change/i)).toBeInTheDocument();
  });
});
