import {
  type Plan,
  subscriptionMessages,
  subscriptionServerMessages as text,
  type ValidateCouponResponse,
} from '@tableserve/contract/subscription';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { couponProblem } from './coupons';
import { toPlan } from './subscription-view';
import { subscriptionsRepository as repo } from './subscriptions.repository';

/** The plans on offer and the coupon check of the checkout page (docs/product/subscriptions.md#coupons). */
export function createPlansAndCoupons({ db, now }: { db: Db; now: () => Date }) {
  return {
    async listPlans(): Promise<Plan[]> {
      return (await repo.listPlans(db)).map(toPlan);
    },

    async validateCoupon(code: string, planId: number): Promise<ValidateCouponResponse> {
      if (!(await repo.findPlan(db, planId))) throw notFound(text.unknownPlan, 'UNKNOWN_PLAN');
      const coupon = await repo.findCoupon(db, code);
      const problem = couponProblem(coupon, planId, now());
      if (problem || !coupon)
        return { valid: false, coupon: null, error: problem ?? subscriptionMessages.invalidCoupon };
      return {
        valid: true,
        error: null,
        coupon: {
          id: coupon.code,
          name: coupon.name,
          percent_off: coupon.percentOff,
          amount_off: coupon.amountOffCents,
          valid: true,
          metadata: { applicable_product_id: coupon.applicablePlanId },
        },
      };
    },
  };
}
