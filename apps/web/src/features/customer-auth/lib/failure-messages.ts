import { customerMessages } from '@tableserve/contract/customer';
import { ApiRequestError, rateLimitedMessage } from '@/lib/api-client';

function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiRequestError ? error.serverMessage : undefined;
}

/**
 * docs/product/accounts.md#diner-accounts: any login failure reads the same, so it never says which
 * half was wrong; too many attempts say so, or the diner would keep trying their password.
 */
export function loginFailureMessage(error: unknown): string {
  return rateLimitedMessage(error) ?? customerMessages.loginFailed;
}

/** docs/product/accounts.md#diner-accounts: signup and guest failures show the server's text, else the generic one. */
export function signupFailureMessage(error: unknown): string {
  return serverMessageOf(error) ?? customerMessages.signupFailed;
}

export function forgotPasswordFailureMessage(error: unknown): string {
  return serverMessageOf(error) ?? customerMessages.forgotFailed;
}

/** Field errors the server named (a 400 lists them), keyed by the first part of their path. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError)) return {};
  const body = error.body as { errors?: Array<{ path?: unknown; message?: unknown }> } | undefined;
  const errors: Record<string, string> = {};
  for (const item of body?.errors ?? []) {
    const field = String(item.path ?? '').split('.')[0] ?? '';
    if (field && typeof item.message === 'string') errors[field] ??= item.message;
  }
  return errors;
}
