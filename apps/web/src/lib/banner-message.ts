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
