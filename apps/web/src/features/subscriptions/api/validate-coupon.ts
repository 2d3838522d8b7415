import { type ValidateCouponBody, ValidateCouponResponse } from '@tableserve/contract/subscription';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export type CouponRequest = z.input<typeof ValidateCouponBody>;

/** POST /subscription/validate-coupon (docs/product/api-conventions.md#api-calls): a 200 says whether the code can be used. */
export async function validateCoupon(body: CouponRequest): Promise<ValidateCouponResponse> {
  const response = await apiRequest<unknown>('/subscription/validate-coupon', {
    method: 'POST',
    body: { coupon_id: body.coupon_id.trim(), plan_id: body.plan_id },
  });
  return ValidateCouponResponse.parse(response);
}

export function useValidateCoupon() {
  return useMutation({ mutationFn: validateCoupon });
}
