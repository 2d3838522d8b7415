import { newIdempotencyKey } from '@/lib/idempotency';

export type OrderAttempt<Body> = { key: string; body: Body };

/**
 * One Idempotency-Key per order attempt (docs/product/api-conventions.md#api-calls). A retry of the same cart and choices
 * after a failure that got no answer (a dropped connection) resends the very same request with
 * the same key, so the server places one order even if the first request did arrive. Once the
 * server has answered, or the cart or choices changed, the next submit is a new attempt.
 */
export function createOrderAttempts<Body>(generate: () => string = newIdempotencyKey) {
  let pending: (OrderAttempt<Body> & { fingerprint: string }) | null = null;
  return {
    /** The unanswered attempt for these choices, or a new one built now. */
    attemptFor(choices: unknown, build: () => Body): OrderAttempt<Body> {
      const fingerprint = JSON.stringify(choices);
      if (pending?.fingerprint !== fingerprint) pending = { fingerprint, key: generate(), body: build() };
      return { key: pending.key, body: pending.body };
    },
    /** The server answered (an order, or a refusal it keeps): forget the attempt. */
    settle(): void {
      pending = null;
    },
  };
}
