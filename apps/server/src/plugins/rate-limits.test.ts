import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

const redisUrl = process.env.TEST_REDIS_URL;

// Several API instances behind one load balancer must share their counters, or an attacker
// simply gets N times the attempts.
describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    [first, second] = await Promise.all([
      createTestApp({ env: { REDIS_URL: redisUrl! } }),
      createTestApp({ env: { REDIS_URL: redisUrl! } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  it('counts reset requests for one email across instances', async () => {
    const email = `limit-${randomUUID()}@example.com`;
    const ask = (t: TestApp, n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot_password',
        payload: { email },
        remoteAddress: `10.9.0.${n}`,
      });
    const statuses = [
      (await ask(first, 1)).statusCode,
      (await ask(second, 2)).statusCode,
      (await ask(first, 3)).statusCode,
    ];
    expect(statuses).toEqual([200, 200, 200]);
    const fourth = await ask(second, 4);
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
  });
});
