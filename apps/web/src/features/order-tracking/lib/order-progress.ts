import type { OrderStatus } from '@tableserve/contract/order';
import { ORDER_PROGRESS_STEPS } from '@tableserve/contract/order-tracking';

export type ProgressStep = {
  label: string;
  /** Ticked: this step or a later one has been reached. */
  done: boolean;
  /** The step the order is at now (the last ticked one). */
  current: boolean;
};

/**
 * The checklist for a status (docs/product/order-statuses.md#progress-steps): every step up to the first one
 * whose status matches is ticked, so Approved ticks Order Received and Order Confirmed but not
 * yet Being Prepared. Cancelled has no steps: the page says the order is cancelled instead.
 */
export function orderProgress(status: OrderStatus): ProgressStep[] | null {
  const position = ORDER_PROGRESS_STEPS.findIndex((step) => step.status === status);
  if (position === -1) return null;
  return ORDER_PROGRESS_STEPS.map((step, index) => ({
    label: step.label,
    done: index <= position,
    current: index === position,
  }));
}

/** Finished orders go to the quieter "Past orders" list; the others are still active. */
export const isActiveOrder = (status: OrderStatus): boolean =>
  status === 'Pending' || status === 'Approved' || status === 'Ready';
