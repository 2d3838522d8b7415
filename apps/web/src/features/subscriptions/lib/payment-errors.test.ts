import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { CardDetailsError } from '@/lib/payment/card-details-error';
import { cancelErrorMessage, paymentErrorMessage } from './payment-errors';

const apiError = (status: number | undefined, message?: string) =>
  new ApiRequestError(message ?? 'x', status, message ? { message } : undefined);

describe('paymentErrorMessage (docs/product/subscriptions.md#payment)', () => {
  it('says the payment failed on a decline (402)', () => {
    expect(paymentErrorMessage(apiError(402, 'Your card was declined.'))).toBe(
      'Payment failed. Please try again.',
    );
  });

  it("shows the server's message", () => {
    expect(paymentErrorMessage(apiError(409, 'You already have an active subscription'))).toBe(
      'You already have an active subscription',
    );
  });

  it('falls back to the generic text', () => {
    expect(paymentErrorMessage(apiError(500))).toBe('An error occurred. Please try again.');
    expect(paymentErrorMessage(apiError(undefined))).toBe('An error occurred. Please try again.');
    expect(paymentErrorMessage(new Error('boom'))).toBe('An error occurred. Please try again.');
  });

  it("shows the card provider's own text about the card", () => {
    expect(paymentErrorMessage(new CardDetailsError('Your card number is incomplete.'))).toBe(
      'Your card number is incomplete.',
    );
  });
});

describe('cancelErrorMessage (docs/product/subscriptions.md#cancellation plans)', () => {
  it('asks for a new payment method on 402', () => {
    expect(cancelErrorMessage(apiError(402, 'Declined'))).toBe(
      'Payment failed. Please update your payment method.',
    );
  });

  it("shows the server's message", () => {
    expect(cancelErrorMessage(apiError(409, 'Please try again in 2 days.'))).toBe(
      'Please try again in 2 days.',
    );
  });

  it('falls back to the generic text', () => {
    expect(cancelErrorMessage(apiError(500))).toBe('Error canceling subscription. Please try again.');
    expect(cancelErrorMessage(new Error('boom'))).toBe('Error canceling subscription. Please try again.');
  });
});
