import { orderMessages } from '@tableserve/contract/order';
import { ApiRequestError } from '@/lib/api-client';

/** docs/product/staff-screens.md#owner-place-order: the server's message, else 'Error placing order'. */
export function placeOrderFailureMessage(error: unknown): string {
  return (error instanceof ApiRequestError && error.serverMessage) || orderMessages.placeFailed;
}

export function isSessionRejected(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}

/**
 * Whether the server gave its answer to this attempt. No response, a 5xx (the server forgets
 * the key of a request that failed unexpectedly) or a request still being processed is not
 * an answer: a retry of the same cart keeps the key.
 */
export function serverAnswered(error: unknown): boolean {
  if (!(error instanceof ApiRequestError) || error.status === undefined) return false;
  if (error.status >= 500) return false;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return !(error.status === 409 && code === 'REQUEST_IN_PROGRESS');
}
