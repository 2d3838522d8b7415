import { LATE_AFTER_DEFAULT_MINUTES, LATE_AFTER_MAX_MINUTES } from '@tableserve/contract/kitchen-analytics';
import type { StaffOrder } from '@tableserve/contract/owner-orders';
import { elapsedSince } from './kitchen-elapsed';

/**
 * A kitchen card ages while its order waits to be cooked (docs/product/staff-screens.md#kitchen): neutral,
 * then amber, then red, after minutes the kitchen sets for itself. Counted from when the diner
 * ordered, since that is how long the table has waited; only orders still to cook age.
 */
export type Ageing = { amberMinutes: number; redMinutes: number };
export type Age = 'fresh' | 'amber' | 'red';

// Red is what the sales report's kitchen analytics call late, so both share the server's limits.
export const DEFAULT_AGEING: Ageing = { amberMinutes: 10, redMinutes: LATE_AFTER_DEFAULT_MINUTES };
export const AGEING_MAX_MINUTES = LATE_AFTER_MAX_MINUTES;

const MINUTE = 60_000;

/** Whole minutes waited so far: what the card's tag says and what its colour follows. */
export const minutesWaited = (order: Pick<StaffOrder, 'created_at'>, now: number) =>
  Math.max(0, Math.floor(elapsedSince(order.created_at, now) / MINUTE));

/** The colour after `minutes` of waiting, or null for an order no longer to cook. */
export function ageAfter(status: StaffOrder['status'], minutes: number, ageing: Ageing): Age | null {
  if (status !== 'Pending' && status !== 'Approved') return null;
  if (minutes >= ageing.redMinutes) return 'red';
  if (minutes >= ageing.amberMinutes) return 'amber';
  return 'fresh';
}

/** Why these minutes cannot be saved, or null when they can. */
export function ageingProblem({ amberMinutes, redMinutes }: Ageing): string | null {
  const whole = (value: number) => Number.isInteger(value) && value >= 1 && value <= AGEING_MAX_MINUTES;
  if (!whole(amberMinutes) || !whole(redMinutes))
    return `Enter whole minutes from 1 to ${AGEING_MAX_MINUTES}.`;
  if (redMinutes <= amberMinutes) return 'Red must come after amber.';
  return null;
}

/** The stored minutes, or the defaults when there are none or they were tampered with. */
export function parseAgeing(stored: string | null): Ageing {
  try {
    const value = JSON.parse(stored ?? 'null') as Partial<Ageing> | null;
    const ageing = { amberMinutes: Number(value?.amberMinutes), redMinutes: Number(value?.redMinutes) };
    return ageingProblem(ageing) === null ? ageing : DEFAULT_AGEING;
  } catch {
    return DEFAULT_AGEING;
  }
}
