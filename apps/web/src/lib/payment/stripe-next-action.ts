import { stripeFor } from './stripe-loader';

/**
 * Runs the card's 3-D Secure challenge in Stripe's frames for a PaymentIntent the server
 * confirmed and Stripe answered `requires_action` (docs/product/payments.md#online-payment).
 * `authenticated` only says the diner passed the challenge: the payment is money once Stripe's
 * webhook confirms it. Loaded lazily, with Stripe.js.
 */
export async function authenticateWithStripe(
  publishableKey: string,
  clientSecret: string,
): Promise<{ authenticated: boolean }> {
  const stripe = await stripeFor(publishableKey);
  if (!stripe) return { authenticated: false };
  const result = await stripe.handleNextAction({ clientSecret });
  return { authenticated: !result.error };
}
