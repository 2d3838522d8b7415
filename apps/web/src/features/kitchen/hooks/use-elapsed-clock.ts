import { useSyncExternalStore } from 'react';
import { KITCHEN_TICK_MS } from '@/orders/lib/kitchen-elapsed';

/**
 * One clock for every timer on the screen: a single 1-s interval runs while at least one timer
 * shows (docs/product/staff-screens.md#kitchen), so a grid of forty orders ticks together instead of forty intervals
 * drifting apart, and only the timers re-render each second.
 */
let now = Date.now();
let interval: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (interval === undefined) {
    now = Date.now();
    interval = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, KITCHEN_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(interval);
      interval = undefined;
    }
  };
}

const snapshot = () => now;

/** The current time (epoch ms), updated once a second for every caller at once. */
export function useElapsedClock(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * Something worked out from the clock, such as whether an order is late: the caller re-renders
 * only when the value changes, not every second. `select` must return a primitive.
 */
export function useClockValue<T extends string | number | null>(select: (now: number) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(now),
    () => select(now),
  );
}
