import type { Coupon } from '@tableserve/contract/subscription';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import {
  couponAppliesToPlan,
  couponCheck,
  couponDiscountLabel,
  couponRequestFailureMessage,
  discountedTotalCents,
} from './coupon';

const coupon = (overrides: Partial<Coupon> = {}): Coupon => ({
  id: 'SAVE20',
  name: 'Save 20%',
  percent_off: null,
  amount_off: null,
  valid: true,
  metadata: { applicable_product_id: null },
  ...overrides,
});

describe('discountedTotalCents (docs/product/subscriptions.md#coupons)', () => {
  it('keeps the price without a coupon', () => {
    expect(discountedTotalCents(10000, null)).toBe(10000);
  });

  it('takes a percentage off', () => {
    expect(discountedTotalCents(10000, coupon({ percent_off: 20 }))).toBe(8000);
    expect(discountedTotalCents(5000, coupon({ percent_off: 12.5 }))).toBe(4375);
    expect(discountedTotalCents(5000, coupon({ percent_off: 100 }))).toBe(0);
  });

  it('takes a fixed amount in cents off', () => {
    expect(discountedTotalCents(5000, coupon({ amount_off: 500 }))).toBe(4500);
  });

  it('never goes below zero', () => {
    expect(discountedTotalCents(5000, coupon({ amount_off: 7500 }))).toBe(0);
    expect(discountedTotalCents(5000, coupon({ percent_off: 150 }))).toBe(0);
  });
});

describe('couponDiscountLabel (docs/product/subscriptions.md#coupons)', () => {
  it("reads '% off' for a percentage", () => {
    expect(couponDiscountLabel(coupon({ percent_off: 20 }))).toBe('20% off');
    expect(couponDiscountLabel(coupon({ percent_off: 12.5 }))).toBe('12.5% off');
  });

  it("reads '$ off' with two decimals for an amount in cents", () => {
    expect(couponDiscountLabel(coupon({ amount_off: 500 }))).toBe('$5.00 off');
    expect(couponDiscountLabel(coupon({ amount_off: 1250 }))).toBe('$12.50 off');
  });
});

describe('couponAppliesToPlan', () => {
  it('applies to every plan unless bound to one', () => {
    expect(couponAppliesToPlan(coupon(), 2)).toBe(true);
    expect(couponAppliesToPlan(coupon({ metadata: { applicable_product_id: 2 } }), 2)).toBe(true);
    expect(couponAppliesToPlan(coupon({ metadata: { applicable_product_id: 2 } }), 3)).toBe(false);
  });
});

describe('couponCheck', () => {
  it('accepts a valid coupon', () => {
    const valid = coupon({ percent_off: 20 });
    expect(couponCheck({ valid: true, coupon: valid, error: null })).toEqual({ ok: true, coupon: valid });
  });

  it("says 'This coupon has expired' for an expired coupon", () => {
    expect(couponCheck({ valid: false, coupon: null, error: 'This coupon has expired' })).toEqual({
      ok: false,
      message: 'This coupon has expired',
    });
  });

  it("says 'Invalid coupon' otherwise", () => {
    expect(couponCheck({ valid: false, coupon: null, error: 'Invalid coupon' })).toEqual({
      ok: false,
      message: 'Invalid coupon',
    });
    expect(couponCheck({ valid: false, coupon: null, error: null })).toEqual({
      ok: false,
      message: 'Invalid coupon',
    });
  });
});

describe('couponRequestFailureMessage', () => {
  it("says 'Failed to validate coupon' when the request fails", () => {
    expect(couponRequestFailureMessage(new ApiRequestError('Network error', undefined))).toBe(
      'Failed to validate coupon',
    );
    expect(couponRequestFailureMessage(new ApiRequestError('boom', 500))).toBe('Failed to validate coupon');
  });

  it("says 'Invalid coupon' when the server refuses the code itself", () => {
    expect(couponRequestFailureMessage(new ApiRequestError('Bad', 400))).toBe('Invalid coupon');
  });
});
