import { describe, expect, it } from 'vitest';
import { createPaymentAttempts, newIdempotencyKey } from './idempotency';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  it('makes a UUID v4', () => {
    expect(newIdempotencyKey()).toMatch(UUID_V4);
  });

  it('makes one without crypto.randomUUID too (plain http)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const key = newIdempotencyKey();
      expect(key).toMatch(UUID_V4);
      expect(newIdempotencyKey()).not.toBe(key);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});

describe('createPaymentAttempts', () => {
  it('reuses the key for the same request and makes a new one when it changes', () => {
    let n = 0;
    const attempts = createPaymentAttempts(() => `key-${++n}`);
    const request = { plan_id: 2, payment_method_id: 'pm_card_visa' };
    expect(attempts.keyFor(request)).toBe('key-1');
    expect(attempts.keyFor({ ...request })).toBe('key-1');
    expect(attempts.keyFor({ ...request, payment_method_id: 'pm_card_chargeDeclined' })).toBe('key-2');
    expect(attempts.keyFor(request)).toBe('key-3');
  });

  it('makes a new key for the same request once the last attempt was settled', () => {
    let n = 0;
    const attempts = createPaymentAttempts(() => `key-${++n}`);
    const request = { version: 3, payment_method_id: 'pm_card_visa' };
    expect(attempts.keyFor(request)).toBe('key-1');
    attempts.settle();
    expect(attempts.keyFor(request)).toBe('key-2');
  });
});
