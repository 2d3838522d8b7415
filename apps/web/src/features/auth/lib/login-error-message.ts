import { loginMessages } from '@tableserve/contract/messages';
import { ApiRequestError, rateLimitedMessage } from '@/lib/api-client';

/**
 * The banner text for a failed owner login, by response status (docs/product/accounts.md#owner-login).
 * Every case is shown as an error banner; the spec names 401 as such and gives no other type. A
 * 429 (too many attempts from one address) says so and how long to wait, beyond the spec's list.
 */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return loginMessages.other;
  switch (error.status) {
    case undefined:
      return loginMessages.network;
    case 400:
      return loginMessages.badRequest;
    case 401:
      return loginMessages.invalidCredentials;
    case 404:
      return loginMessages.userNotFound;
    case 409:
      return loginMessages.verifyFirst;
    case 500:
      return loginMessages.server;
    case 429:
      return rateLimitedMessage(error)!;
    default:
      return loginMessages.unexpectedStatus;
  }
}
