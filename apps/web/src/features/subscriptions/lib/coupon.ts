import {
  type Coupon,
  subscriptionMessages,
  type ValidateCouponResponse,
} from '@tableserve/contract/subscription';
import { ApiRequestError } from '@/lib/api-client';
import { formatCents } from '@/lib/money';

type CouponDiscount = Pick<Coupon, 'percent_off' | 'amount_off'>;

/**
 * The price after a coupon (docs/product/subscriptions.md#coupons): percent off, or a fixed amount_off in
 * cents, never below zero. The server charges the same figure (its coupons.ts).
 */
export function discountedTotalCents(priceCents: number, coupon: CouponDiscount | null): number {
  if (!coupon) return priceCents;
  if (coupon.percent_off !== null) {
    return Math.max(0, Math.round((priceCents * (100 - coupon.percent_off)) / 100));
  }
  if (coupon.amount_off !== null) return Math.max(0, priceCents - coupon.amount_off);
  return priceCents;
}

/** The coupon-applied notice: '20% off' or '$5.00 off' (docs/product/subscriptions.md#coupons). */
export function couponDiscountLabel(coupon: CouponDiscount): string {
  if (coupon.percent_off !== null) return `${Number(coupon.percent_off.toFixed(2))}% off`;
  return `${formatCents(coupon.amount_off ?? 0)} off`;
}

/** A coupon bound to one plan (metadata.applicable_product_id) does not carry over to another. */
export function couponAppliesToPlan(coupon: Coupon, planId: number): boolean {
  const only = coupon.metadata.applicable_product_id;
  return only === null || only === planId;
}

export type CouponCheck = { ok: true; coupon: Coupon } | { ok: false; message: string };

/** Reads POST /subscription/validate-coupon: expired coupons say so, anything else is invalid. */
export function couponCheck(response: ValidateCouponResponse): CouponCheck {
  if (response.valid && response.coupon?.valid) return { ok: true, coupon: response.coupon };
  return {
    ok: false,
    message:
      response.error === subscriptionMessages.couponExpired
        ? subscriptionMessages.couponExpired
        : subscriptionMessages.invalidCoupon,
  };
}

/**
 * A failed validate-coupon request. A 400 means the server refused the code itself (too long,
 * odd characters), which is an invalid coupon; every other failure is the request's.
 */
export function couponRequestFailureMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 400) return subscriptionMessages.invalidCoupon;
  return subscriptionMessages.couponValidationFailed;
}
