import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { createTestApp, type TestApp } from '../test/test-app';
import { accountLimits } from './rate-limits';

/**
 * Per-address limits key on the address Fastify believes. Behind a proxy that appends to
 * X-Forwarded-For, the left-most entry is whatever the client wrote, so believing every hop
 * (`true`) hands each request a new address; a hop count or the proxy's own addresses do not.
 */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Forgot-password calls through one proxy (127.0.0.1) for one client, each with a forged first hop. */
async function throughProxy(trustProxy: string, calls: number) {
  t = await createTestApp({ env: { TRUST_PROXY: trustProxy } });
  const statuses: number[] = [];
  for (let call = 0; call < calls; call++) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot_password',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': `198.51.100.${call + 1}, 203.0.113.9` },
      payload: { email: `someone-${call}@example.com` },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  it('reads off, every hop, a hop count or the proxies’ addresses, and refuses anything else naming it', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    for (const bad of ['yes', '0', '-1', 'proxy.example.com', '10.0.0.0/8;rm'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: /);
  });

  const { max } = accountLimits.forgotPassword.perIp;
  it.each(['1', '127.0.0.1', '127.0.0.0/8'])(
    'with %s, a client forging the first X-Forwarded-For hop is still one address: the call past the limit is a 429',
    async (setting) => {
      const statuses = await throughProxy(setting, max + 1);
      expect(statuses.slice(0, max).every((status) => status === 200)).toBe(true);
      expect(statuses[max]).toBe(429);
    },
  );
});
