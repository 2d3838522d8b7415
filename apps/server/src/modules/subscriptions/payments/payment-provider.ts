/**
 * The one interface the subscription rules talk to. `test` (the default) behaves like Stripe's
 * test mode without a network; `stripe` uses the official SDK. Amounts are integer cents.
 */
export type StartSubscriptionInput = {
  userId: number;
  email: string;
  name: string;
  paymentMethodId: string;
  plan: { id: number; code: string; name: string; priceCents: number };
  coupon: { code: string; percentOff: number | null; amountOffCents: number | null } | null;
  /** What the first period costs after the coupon. */
  amountCents: number;
  /** Passed to the provider so a retried call cannot charge twice. */
  idempotencyKey: string;
};

export type StartSubscriptionResult =
  | { ok: true; customerId: string; subscriptionId: string; paymentId: string | null }
  | { ok: false; message: string };

export type ChargeResult = { ok: true; paymentId: string } | { ok: false; message: string };

/** A diner's card payment towards a bill (docs/decisions/020-money-model.md#payments). */
export type ChargeBillPaymentInput = {
  billId: number;
  paymentId: number;
  /** What the card is charged: the share of the bill and the tip. */
  amountCents: number;
  paymentMethodId: string;
  /** The restaurant's Stripe Connect account (acct_…) the money goes to, if it has one. */
  connectedAccountId: string | null;
  /** What the diner's statement and the restaurant's dashboard show. */
  description: string;
  idempotencyKey: string;
};

/**
 * Accepted by the provider: the money is not ours until its signed webhook
 * (payment_intent.succeeded) confirms it. Needs authentication: the card's bank asks the diner
 * for 3-D Secure; the PaymentIntent waits (Stripe's `requires_action`) for the page to run the
 * challenge with its client secret, then the webhook confirms or refuses it as for any payment.
 * Refused: nothing was charged.
 */
export type ChargeBillPaymentResult =
  | { ok: true; providerPaymentId: string; cardBrand: string | null; cardLast4: string | null }
  | { ok: 'needs_authentication'; providerPaymentId: string; clientSecret: string }
  | { ok: false; message: string };

/** The test provider's stand-in for a bank's 3-D Secure challenge, answered by the diner's page. */
export type TestAuthenticationInput = {
  providerPaymentId: string;
  billId: number;
  paymentId: number;
  /** What the card is charged once authenticated: the share of the bill and the tip. */
  amountCents: number;
  outcome: 'complete' | 'fail';
};

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /**
   * Stripe bills renewals itself and reports them by webhook; for the test provider the
   * lifecycle sweep charges each renewal.
   */
  readonly renewsItself: boolean;
  startSubscription(input: StartSubscriptionInput): Promise<StartSubscriptionResult>;
  chargeRenewal(input: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<ChargeResult>;
  cancelSubscription(input: { providerSubscriptionId: string; atPeriodEnd: boolean }): Promise<void>;
  chargeBillPayment(input: ChargeBillPaymentInput): Promise<ChargeBillPaymentResult>;
  /**
   * Lets go of a bill payment that waits for the diner's authentication (they closed the
   * challenge, or never finished it). False when it is too late: the payment was authenticated
   * (succeeded, or processing) or was never one that waited, and its webhook decides.
   */
  cancelBillPayment(input: { providerPaymentId: string }): Promise<{ cancelled: boolean }>;
  /**
   * The test provider only: answers its challenge for a payment that waits for authentication,
   * then sends the signed event Stripe would (succeeded, or payment_failed). False when the
   * payment no longer waits.
   */
  answerTestAuthentication?(input: TestAuthenticationInput): Promise<boolean>;
  refund(input: {
    providerPaymentId: string | null;
    amountCents: number;
    idempotencyKey: string;
    /** Our refund row's id, carried in the refund's metadata so its events find it by our id. */
    refundId?: number;
  }): Promise<{ refundId: string }>;
}
