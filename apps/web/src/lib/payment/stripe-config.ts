/**
 * Stripe Elements is used when a publishable key is configured (docs/product/platform.md#payments-test-mode); otherwise
 * the built-in test card form stands in for it, as the server's `test` provider does for Stripe.
 */
const key: unknown = import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY;

export const stripePublishableKey: string | null =
  typeof key === 'string' && key.trim() !== '' ? key.trim() : null;

/** No key, or a Stripe test key: no real money moves, and the screen says so. */
export const isTestMode = stripePublishableKey === null || stripePublishableKey.startsWith('pk_test_');
