import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { contentSecurityPolicy } from './content-security-policy';

const policy = (env: Record<string, string>) =>
  contentSecurityPolicy(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'memory://', ...env })).directives;

describe('the content security policy', () => {
  it('is same-origin only when no third party is configured', () => {
    const directives = policy({});
    expect(directives.scriptSrc).toEqual(["'self'"]);
    expect(directives.frameSrc).toEqual(["'self'"]);
    expect(directives.connectSrc).toEqual(["'self'", 'ws:', 'wss:']);
  });

  it('lets Stripe.js and its card frames run when Stripe is configured', () => {
    const directives = policy({ STRIPE_SECRET_KEY: 'sk_test_123' });
    expect(directives.scriptSrc).toContain('https://js.stripe.com');
    expect(directives.frameSrc).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']),
    );
    expect(directives.connectSrc).toContain('https://api.stripe.com');
    expect(directives.scriptSrc.some((source) => source.includes('google'))).toBe(false);
  });
});
