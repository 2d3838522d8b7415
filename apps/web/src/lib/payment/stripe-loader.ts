import { loadStripe, type Stripe } from '@stripe/stripe-js';

let stripeLoad: Promise<Stripe | null> | null = null;

/**
 * Stripe.js, fetched from Stripe on first use only, once per page: the card field and the
 * 3-D Secure challenge share it. Import this module lazily, so the default build never
 * downloads Stripe's code.
 */
export const stripeFor = (publishableKey: string) => {
  stripeLoad ??= loadStripe(publishableKey);
  return stripeLoad;
};
