/**
 * A random UUID v4. crypto.randomUUID exists only in secure contexts, and a self-hosted
 * TableServe may well be opened over plain http on the restaurant's network, where
 * crypto.getRandomValues still works.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One Idempotency-Key per payment attempt. Sending the same request again (a double click, a
 * retry after a dropped connection) reuses the key, so the server charges once; a changed
 * request (another card, plan or coupon) is a new attempt with a new key. A screen whose server
 * keeps its refusals (a declined bill payment) settles the attempt once answered, so the next tap
 * with the same choices is a new attempt.
 */
export function createPaymentAttempts(generate: () => string = newIdempotencyKey) {
  let last: { request: string; key: string } | null = null;
  return {
    keyFor(request: unknown): string {
      const fingerprint = JSON.stringify(request);
      if (last?.request !== fingerprint) last = { request: fingerprint, key: generate() };
      return last.key;
    },
    settle(): void {
      last = null;
    },
  };
}
