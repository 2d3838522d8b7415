import { subscriptionMessages } from '@tableserve/contract/subscription';
import type { CouponRow } from './subscriptions.repository';

/** Why a coupon cannot be used on a plan now, or undefined when it can (docs/product/subscriptions.md#coupons). */
export function couponProblem(coupon: CouponRow | undefined, planId: number, now: Date): string | undefined {
  if (!coupon?.active) return subscriptionMessages.invalidCoupon;
  if (coupon.applicablePlanId !== null && coupon.applicablePlanId !== planId)
    return subscriptionMessages.invalidCoupon;
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime())
    return subscriptionMessages.couponExpired;
  return undefined;
}

/** The price after a coupon: percent off, or a fixed amount in cents, never below zero (docs/product/subscriptions.md#coupons). */
export function discountedCents(
  priceCents: number,
  coupon: Pick<CouponRow, 'percentOff' | 'amountOffCents'> | null,
): number {
  if (!coupon) return priceCents;
  if (coupon.percentOff !== null)
    return Math.max(0, Math.round((priceCents * (100 - coupon.percentOff)) / 100));
  return Math.max(0, priceCents - (coupon.amountOffCents ?? 0));
}
