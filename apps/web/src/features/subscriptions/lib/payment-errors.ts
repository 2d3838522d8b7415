import { subscriptionMessages } from '@tableserve/contract/subscription';
import { ApiRequestError } from '@/lib/api-client';
import { CardDetailsError } from '@/lib/payment/card-details-error';

/**
 * A failed payment (docs/product/subscriptions.md#payment): a decline (402) reads 'Payment failed. Please try
 * again.'; otherwise the server's message, else 'An error occurred. Please try again.'.
 */
export function paymentErrorMessage(error: unknown): string {
  if (error instanceof CardDetailsError) return error.message;
  if (error instanceof ApiRequestError) {
    if (error.status === 402) return subscriptionMessages.paymentFailed;
    return error.serverMessage ?? subscriptionMessages.paymentError;
  }
  return subscriptionMessages.paymentError;
}

/**
 * A failed cancel on the plans screen (docs/product/subscriptions.md#cancellation plans): 402 reads 'Payment
 * failed. Please update your payment method.'; otherwise the server's message, else the generic text.
 */
export function cancelErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 402) return subscriptionMessages.cancelPaymentFailed;
    if (error.serverMessage) return error.serverMessage;
  }
  return subscriptionMessages.cancelError;
}
