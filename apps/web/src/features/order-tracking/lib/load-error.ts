import { customerMessages } from '@tableserve/contract/customer';
import { orderServerMessages } from '@tableserve/contract/order';
import { ApiRequestError } from '@/lib/api-client';

export type LoadError = {
  message: string;
  /** Whether asking again could help: a missing order or an expired session will not change. */
  retryable: boolean;
};

/**
 * What a diner's order page says when its data does not load: the server's 'Order not found' on
 * 404, the spec's session-expired text on 401 (docs/product/accounts.md#diner-session-expiry), otherwise a plain retry prompt.
 */
export function orderLoadError(error: unknown, fallback: string): LoadError {
  if (error instanceof ApiRequestError) {
    if (error.status === 404)
      return { message: error.serverMessage ?? orderServerMessages.notFound, retryable: false };
    if (error.status === 401) return { message: customerMessages.sessionExpired, retryable: false };
  }
  return { message: fallback, retryable: true };
}
