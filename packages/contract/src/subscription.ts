import { z } from 'zod';
import { email, MAX_ID, requiredText, token } from './fields';

/**
 * Plans, subscriptions, coupons and payment (docs/product/subscriptions.md#coupons, docs/product/subscriptions.md#subscription-statuses
 * and Payment, docs/product/subscriptions.md#subscription-statuses).
 */

export const PLAN_DURATION_DAYS = 30;
export const GRACE_PERIOD_DAYS = 7;
/** Cancel is allowed once this many days have passed since the start. */
export const CANCEL_ALLOWED_FROM_DAY = 5;
/** The ending-soon banner shows at this many days left or fewer. */
export const ENDING_SOON_DAYS = 5;

export const SUBSCRIPTION_STATUSES = ['none', 'active', 'canceled', 'expired', 'grace_period'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Test payment methods, as Stripe's test mode names them. */
export const TEST_PAYMENT_METHODS = {
  succeeds: 'pm_card_visa',
  declined: 'pm_card_chargeDeclined',
  /**
   * Its bank asks for 3-D Secure on every payment (docs/product/payments.md#online-payment): a
   * bill payment waits for the diner's challenge; a subscription, which cannot, is declined.
   */
  authenticationRequired: 'pm_card_threeDSecure2Required',
} as const;
/** The built-in card form's test cards and the payment methods they stand for. */
export const TEST_CARDS: Record<string, string> = {
  '4242424242424242': TEST_PAYMENT_METHODS.succeeds,
  '4000000000000002': TEST_PAYMENT_METHODS.declined,
  '4000002760003184': TEST_PAYMENT_METHODS.authenticationRequired,
};

export const Plan = z.object({
  plan_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Dollars per month. */
  price: z.number(),
  billing_cycle: z.literal('monthly'),
  plan_duration_days: z.number().int(),
  features: z.array(z.string()),
});
export type Plan = z.infer<typeof Plan>;

export const PlansResponse = z.object({ plans: z.array(Plan) });
export type PlansResponse = z.infer<typeof PlansResponse>;

export const Subscription = z.object({
  subscription_id: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  plan_id: z.number().int(),
  plan_name: z.string(),
  /** Dollars per period. */
  price: z.number(),
  /** ISO 8601 instants. */
  start_date: z.string(),
  end_date: z.string(),
  /** null once the subscription will not renew (canceling, canceled or expired). */
  next_billing_date: z.string().nullable(),
  plan_duration_days: z.number().int(),
  remaining_days: z.number().int(),
  cancel_at_period_end: z.boolean(),
  grace_period_end_date: z.string().nullable(),
  is_in_grace_period: z.boolean(),
  restaurant_id: z.number().int().nullable(),
});
export type Subscription = z.infer<typeof Subscription>;

export const Coupon = z.object({
  id: z.string(),
  name: z.string(),
  percent_off: z.number().nullable(),
  /** Cents. */
  amount_off: z.number().int().nullable(),
  valid: z.boolean(),
  metadata: z.object({ applicable_product_id: z.number().int().nullable() }),
});
export type Coupon = z.infer<typeof Coupon>;

/**
 * An id in a body: a number (no coercion, as before) no larger than PostgreSQL's integer. A
 * larger plan_id reached the query and answered 500 (found by apps/server/src/test/fuzz.test.ts).
 */
const bodyId = z.number().int().positive().max(MAX_ID);

// The texts of subscriptionMessages (enterCoupon, invalidCoupon), declared further down.
const couponCode = requiredText('Coupon', 64, {
  messages: { required: 'Please enter a coupon code', tooLong: 'Invalid coupon' },
});

export const ValidateCouponBody = z.strictObject({
  coupon_id: couponCode,
  plan_id: bodyId,
});
export const ValidateCouponResponse = z.object({
  valid: z.boolean(),
  coupon: Coupon.nullable(),
  /** Why the coupon cannot be used: 'Invalid coupon' or 'This coupon has expired'. */
  error: z.string().nullable(),
});
export type ValidateCouponResponse = z.infer<typeof ValidateCouponResponse>;

export const BillingDetails = z.strictObject({
  name: requiredText('Name', 100),
  /** Blank: the owner's own email is used. */
  email: z.union([z.literal(''), email]),
  address: z.strictObject({
    line1: requiredText('Address', 200),
    city: requiredText('City'),
    state: requiredText('State'),
    postal_code: requiredText('Postal code', 20),
  }),
});
export type BillingDetails = z.infer<typeof BillingDetails>;

export const CreateSubscriptionBody = z.strictObject({
  user_id: bodyId,
  plan_id: bodyId,
  /** A Stripe PaymentMethod id (pm_…): letters, digits and underscores. */
  payment_method_id: token(255, {
    pattern: /^[A-Za-z0-9_]+$/,
    message: 'Invalid payment method',
    trim: true,
  }),
  coupon_id: couponCode.optional(),
  billing_details: BillingDetails.optional(),
});
export type CreateSubscriptionBody = z.infer<typeof CreateSubscriptionBody>;

export const CreateSubscriptionResponse = z.object({
  success: z.literal(true),
  subscription_id: z.number().int(),
  /** Dollars charged for the first period, after any coupon. */
  amount_paid: z.number(),
  subscription: Subscription,
});
export type CreateSubscriptionResponse = z.infer<typeof CreateSubscriptionResponse>;

/** at_period_end (default; the details screen) or immediate with a pro-rated refund (the plans screen). */
export const CancelSubscriptionBody = z
  .strictObject({ mode: z.enum(['at_period_end', 'immediate']).default('at_period_end') })
  // The spec's client sends no body at all.
  .nullish();
export type CancelSubscriptionBody = z.input<typeof CancelSubscriptionBody>;

export const CancelSubscriptionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Dollars; 0 when canceling at period end. */
  refund_amount: z.number(),
  used_days: z.number().int(),
  remaining_days: z.number().int(),
  /** Dollars per day: price / 30. */
  daily_rate: z.number(),
  subscription: Subscription,
});
export type CancelSubscriptionResponse = z.infer<typeof CancelSubscriptionResponse>;

export const LinkRestaurantBody = z.strictObject({ user_id: bodyId });
export const LinkRestaurantResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  restaurant_id: z.number().int(),
});

/** The texts of the subscription screens (docs/product/subscriptions.md), verbatim. */
export const subscriptionMessages = {
  loadError: 'Error loading subscription data. Please try again.',
  cancelPaymentFailed: 'Payment failed. Please update your payment method.',
  cancelError: 'Error canceling subscription. Please try again.',
  detailsLoadError: 'Failed to load subscription details. Please try again later.',
  detailsCancelError: 'Failed to cancel subscription. Please try again later.',
  paymentError: 'An error occurred. Please try again.',
  paymentFailed: 'Payment failed. Please try again.',
  invalidCoupon: 'Invalid coupon',
  couponValidationFailed: 'Failed to validate coupon',
  couponExpired: 'This coupon has expired',
  enterCoupon: 'Please enter a coupon code',
  noPlan: 'No plan selected. Please select a subscription plan first.',
  billingIncomplete: 'Please fill out all billing details before proceeding.',
  cardIncomplete: 'Please complete your card details',
  refundNote: 'Refund may take 5-10 business days to process',
  activeCanceling: 'Active (Canceling)',
  notValidForRestaurant: 'Subscription is not valid for this restaurant',
} as const;

/** The server's own texts for the subscription calls. */
export const subscriptionServerMessages = {
  alreadyActive: 'You already have an active subscription',
  unknownPlan: 'This plan does not exist',
  noSubscription: 'No subscription found',
  cancelTooEarly: (daysLeft: number) =>
    `Your subscription can be canceled from day ${CANCEL_ALLOWED_FROM_DAY}. Please try again in ${daysLeft} day${daysLeft === 1 ? '' : 's'}.`,
  alreadyCanceled: 'This subscription is already canceled',
  cannotCancelInGrace: 'A subscription in its grace period ends by itself when the grace period is over.',
  canceledAtPeriodEnd: 'Your subscription will be canceled at the end of the current billing period.',
  canceledImmediately: 'Your subscription has been canceled and a refund has been issued.',
  noRestaurant: 'Create a restaurant first',
  linked: 'Restaurant linked to your subscription',
  subscriptionRequired: 'An active subscription is required. Please choose a plan.',
} as const;
