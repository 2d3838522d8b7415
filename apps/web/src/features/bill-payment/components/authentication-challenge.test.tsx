import { billMessages } from '@tableserve/contract/bills';
import { render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/test/render-route';
import { AuthenticationChallenge } from './authentication-challenge';

// With a publishable key the challenge is Stripe's (docs/product/payments.md#online-payment):
// Stripe.js's handleNextAction, stood in for here, since it runs in Stripe's frames.
vi.mock('@/lib/payment/stripe-config', () => ({
  stripePublishableKey: 'pk_test_tableserve',
  isTestMode: true,
}));
const authenticateWithStripe = vi.fn<(key: string, secret: string) => Promise<{ authenticated: boolean }>>();
vi.mock('@/lib/payment/stripe-next-action', () => ({ authenticateWithStripe }));

const challenge = (onAnswered: () => void) => (
  <AuthenticationChallenge
    billId={5}
    paymentId={9}
    receiptToken="receipt-secret"
    clientSecret="pi_1_secret_2"
    charged={12.5}
    access={{ tableCode: { token: 'menu-token', table: 4, key: 'table-four-key00' }, customerToken: null }}
    onAnswered={onAnswered}
  />
);

describe('the 3-D Secure challenge with Stripe', () => {
  beforeEach(() => authenticateWithStripe.mockReset());

  it('runs Stripe’s challenge once with the client secret; passed, it leaves the payment to the webhook', async () => {
    authenticateWithStripe.mockResolvedValue({ authenticated: true });
    const { calls } = stubFetch(() => jsonResponse(500, {}));
    const onAnswered = vi.fn();
    const { rerender } = render(challenge(onAnswered));
    rerender(challenge(onAnswered));
    await waitFor(() => expect(onAnswered).toHaveBeenCalledOnce());
    expect(authenticateWithStripe).toHaveBeenCalledExactlyOnceWith('pk_test_tableserve', 'pi_1_secret_2');
    expect(calls()).toEqual([]);
  });

  it('cancels the payment at once when the diner closes or fails Stripe’s challenge', async () => {
    authenticateWithStripe.mockResolvedValue({ authenticated: false });
    const { calls } = stubFetch(() =>
      jsonResponse(200, { status: 'failed', failure_message: billMessages.authenticationCancelled }),
    );
    const onAnswered = vi.fn();
    render(challenge(onAnswered));
    await waitFor(() => expect(onAnswered).toHaveBeenCalledOnce());
    expect(calls()).toMatchObject([
      {
        url: '/api/v1/bills/5/payments/9/cancel',
        method: 'POST',
        body: {
          table_code: { token: 'menu-token', table: '4', key: 'table-four-key00' },
          receipt_token: 'receipt-secret',
        },
      },
    ]);
  });
});
