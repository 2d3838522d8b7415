import type { AlertType } from '@/components/ui/alert';

/** A message for the screen's banner: the spec's three types (docs/product/accounts.md#owner-login). */
export type BannerMessage = { type: AlertType; text: string };

/**
 * A message one screen hands the next through the router's location state, as
 * `navigate(to, { state: { message } })` (the invitation page to the login page); null when none.
 */
export function bannerOfState(state: unknown): BannerMessage | null {
  const message = (state as { message?: Partial<BannerMessage> } | null)?.message;
  return message && typeof message.text === 'string' && typeof message.type === 'string'
    ? (message as BannerMessage)
    : null;
}

/** Who lands on the login page having just set their first password: their email, their restaurant. */
export type FirstSignIn = { email: string; restaurant: string };

/**
 * The first sign-in the invitation page hands the login page, as
 * `navigate(to, { state: { message, firstSignIn } })`; null when none.
 */
export function firstSignInOfState(state: unknown): FirstSignIn | null {
  const first = (state as { firstSignIn?: Partial<FirstSignIn> } | null)?.firstSignIn;
  return first && typeof first.email === 'string' && typeof first.restaurant === 'string'
    ? { email: first.email, restaurant: first.restaurant }
    : null;
}
