import { Coupon, Plan } from '@tableserve/contract/subscription';
import { z } from 'zod';

/** What the plans screen hands to the payment screen in navigation state. */
export const CheckoutState = z.object({ plan: Plan, coupon: Coupon.nullable().default(null) });
export type CheckoutState = z.input<typeof CheckoutState>;

/** The plan and coupon of the navigation state, or null when no plan was selected. */
export function readCheckoutState(state: unknown): z.output<typeof CheckoutState> | null {
  const parsed = CheckoutState.safeParse(state);
  return parsed.success ? parsed.data : null;
}
