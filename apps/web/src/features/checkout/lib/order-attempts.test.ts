import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { createOrderAttempts } from './order-attempts';
import { placeOrderFailureMessage, serverAnswered } from './place-order-failure';

function keys() {
  let next = 0;
  return () => `key-${++next}`;
}

describe('createOrderAttempts', () => {
  it('resends the same body with the same key until the server answers', () => {
    const attempts = createOrderAttempts<{ at: string }>(keys());
    const first = attempts.attemptFor({ cart: [1] }, () => ({ at: '10:00' }));
    const retry = attempts.attemptFor({ cart: [1] }, () => ({ at: '10:01' }));
    expect(retry).toEqual({ key: 'key-1', body: { at: '10:00' } });
    expect(first.key).toBe('key-1');

    attempts.settle();
    expect(attempts.attemptFor({ cart: [1] }, () => ({ at: '10:02' }))).toEqual({
      key: 'key-2',
      body: { at: '10:02' },
    });
  });

  it('starts a new attempt when the cart or choices change', () => {
    const attempts = createOrderAttempts<number>(keys());
    attempts.attemptFor({ cart: [1] }, () => 1);
    expect(attempts.attemptFor({ cart: [1, 2] }, () => 2)).toEqual({ key: 'key-2', body: 2 });
  });
});

describe('serverAnswered and placeOrderFailureMessage', () => {
  it('treats no response, a 5xx and a request in progress as unanswered', () => {
    expect(serverAnswered(new ApiRequestError('Network error', undefined))).toBe(false);
    expect(serverAnswered(new ApiRequestError('x', 503))).toBe(false);
    expect(serverAnswered(new ApiRequestError('x', 409, { code: 'REQUEST_IN_PROGRESS' }))).toBe(false);
    expect(serverAnswered(new ApiRequestError('x', 400, { message: 'Item 3 is no longer available' }))).toBe(
      true,
    );
  });

  it("uses the server's message, else Error placing order", () => {
    expect(
      placeOrderFailureMessage(new ApiRequestError('x', 400, { message: 'Soup is no longer available' })),
    ).toBe('Soup is no longer available');
    expect(placeOrderFailureMessage(new ApiRequestError('Network error', undefined))).toBe(
      'Error placing order',
    );
  });
});
