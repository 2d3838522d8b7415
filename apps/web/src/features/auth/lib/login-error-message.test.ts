import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { loginErrorMessage } from './login-error-message';

const failure = (status: number | undefined) =>
  new ApiRequestError('failed', status, { message: 'server text' });

describe('loginErrorMessage (docs/product/accounts.md#owner-login)', () => {
  it.each([
    [400, 'Invalid request format'],
    [401, 'Invalid email or password'],
    [404, 'User not found'],
    [409, 'Please verify your email first'],
    [500, 'Server error. Please try again later'],
  ])('maps status %i to its catalogue text', (status, text) => {
    expect(loginErrorMessage(failure(status))).toBe(text);
  });

  it.each([403, 422, 502, 503])('maps any other status (%i) to the unexpected-error text', (status) => {
    expect(loginErrorMessage(failure(status))).toBe('An unexpected error occurred');
  });

  it('says a login refused by the limit is too many attempts, with the wait the server named', () => {
    const limited = new ApiRequestError('failed', 429, {
      message: 'Too many attempts. Please wait 15 minutes and try again.',
    });
    expect(loginErrorMessage(limited)).toBe('Too many attempts. Please wait 15 minutes and try again.');
    expect(loginErrorMessage(new ApiRequestError('failed', 429))).toBe(
      'Too many attempts. Please wait a minute and try again.',
    );
  });

  it('maps a request that got no response to the network text', () => {
    expect(loginErrorMessage(failure(undefined))).toBe('Network error. Please check your connection');
  });

  it('maps anything else (not an HTTP failure) to the generic text', () => {
    expect(loginErrorMessage(new TypeError('bad response shape'))).toBe(
      'An error occurred. Please try again',
    );
    expect(loginErrorMessage('boom')).toBe('An error occurred. Please try again');
  });
});
