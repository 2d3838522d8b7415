import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onTestRedis, type TestApp } from '../test/test-app';
import { registerErrorHandling } from './errors';
import { registerRateLimits } from './rate-limits';

const redisUrl = process.env.TEST_REDIS_URL;

// Several API instances behind one load balancer must share their counters, or an attacker
// simply gets N times the attempts.
describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  // Another deployment on the same Redis (production and its staging): its own REDIS_PREFIX.
  let elsewhere: TestApp;
  beforeAll(async () => {
    const deployment = onTestRedis(redisUrl);
    [first, second, elsewhere] = await Promise.all([
      createTestApp(deployment),
      createTestApp(deployment),
      createTestApp(onTestRedis(redisUrl)),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close(), elsewhere.close()]);
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
    // The other deployment's counters are its own: the same email is not limited there.
    expect((await ask(elsewhere, 5)).statusCode).toBe(200);
  });
});

describe('rate limits kept in one process (no Redis)', () => {
  it('still refuses an address after many thousand other addresses came within its window', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    await registerRateLimits(app, undefined, '');
    app.get(
      '/limited',
      { preHandler: app.limitByIp('test', { max: 1, windowMs: 60_000 }) },
      async () => 'ok',
    );
    const ask = (address: string) => app.inject({ method: 'GET', url: '/limited', remoteAddress: address });
    try {
      expect((await ask('10.0.0.1')).statusCode).toBe(200);
      expect((await ask('10.0.0.1')).statusCode).toBe(429);
      // A rush of other clients: more than the plugin's own default of 5,000 counters.
      for (let n = 0; n < 6_000; n++) await ask(`10.1.${n >> 8}.${n & 255}`);
      expect((await ask('10.0.0.1')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});
