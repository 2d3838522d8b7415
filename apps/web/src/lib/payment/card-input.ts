import type { BillingDetails } from '@tableserve/contract/subscription';

/**
 * What a payment screen (the owner's subscription, a diner's bill) needs from a card field,
 * whichever provider is behind it (the built-in test form or Stripe Elements): whether the card is
 * complete, and a way to turn it into a payment_method_id (docs/product/api-conventions.md#api-calls: the card payment
 * provider tokenises the card). A diner paying a bill gives no billing details.
 */
export type CardInput = {
  complete: boolean;
  createPaymentMethod: (billing?: BillingDetails) => Promise<string>;
};
