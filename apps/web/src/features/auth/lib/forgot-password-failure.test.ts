import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { forgotPasswordFailure } from './forgot-password-failure';

describe('forgotPasswordFailure (docs/product/accounts.md#password-reset)', () => {
  it('tells a 404 as an info notice that does not reveal the account', () => {
    expect(forgotPasswordFailure(new ApiRequestError('x', 404))).toEqual({
      type: 'info',
      text: 'Please check your email, if this account exist, you will receive an password reset email',
    });
  });

  it.each([400, 500])('shows the generic error for status %i', (status) => {
    expect(forgotPasswordFailure(new ApiRequestError('x', status))).toEqual({
      type: 'error',
      text: 'An error occurred. Please try again.',
    });
  });

  it('says too many requests are too many, with the wait', () => {
    expect(forgotPasswordFailure(new ApiRequestError('x', 429))).toEqual({
      type: 'error',
      text: 'Too many attempts. Please wait a minute and try again.',
    });
  });

  it('shows the network text when no response arrived', () => {
    expect(forgotPasswordFailure(new ApiRequestError('x', undefined))).toEqual({
      type: 'error',
      text: 'Network error. Please check your connection',
    });
  });
});
