import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { loginFailureMessage } from './failure-messages';

describe("a diner's failed login (docs/product/accounts.md#diner-accounts)", () => {
  it('reads the same whichever half was wrong', () => {
    expect(loginFailureMessage(new ApiRequestError('x', 401, { message: 'User not found' }))).toBe(
      'Invalid email or password',
    );
    expect(loginFailureMessage(new ApiRequestError('x', 404))).toBe('Invalid email or password');
  });

  it('says too many attempts are too many, with the wait the server named, not a wrong password', () => {
    const limited = new ApiRequestError('x', 429, {
      message: 'Too many attempts. Please wait 15 minutes and try again.',
    });
    expect(loginFailureMessage(limited)).toBe('Too many attempts. Please wait 15 minutes and try again.');
  });
});
