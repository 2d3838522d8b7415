import type { BillingDetails } from '@tableserve/contract/subscription';

/**
 * What the payment screen needs from a card field, whichever provider is behind it (the
 * built-in test form or Stripe Elements): whether the card is complete, and a way to turn it
 * into a payment_method_id (docs/product/api-conventions.md#api-calls: the card payment provider tokenises the card).
 */
export type CardInput = {
  complete: boolean;
  createPaymentMethod: (billing: BillingDetails) => Promise<string>;
};
