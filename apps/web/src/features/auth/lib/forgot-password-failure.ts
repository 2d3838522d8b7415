import { loginMessages, ownerForgotMessages } from '@tableserve/contract/messages';
import { ApiRequestError, rateLimitedMessage } from '@/lib/api-client';
import type { BannerMessage } from '@/lib/banner-message';

/**
 * The banner for a failed owner reset request (docs/product/accounts.md#password-reset). A 404 is told
 * as a neutral notice so the screen never reveals whether an account exists. The spec gives
 * no text for a request that got no response; the login screen's network text is reused.
 */
export function forgotPasswordFailure(error: unknown): BannerMessage {
  if (error instanceof ApiRequestError && error.status === 404) {
    return { type: 'info', text: ownerForgotMessages.notFound };
  }
  if (error instanceof ApiRequestError && error.status === undefined) {
    return { type: 'error', text: loginMessages.network };
  }
  return { type: 'error', text: rateLimitedMessage(error) ?? ownerForgotMessages.failed };
}
