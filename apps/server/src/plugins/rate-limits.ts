import rateLimit from '@fastify/rate-limit';
import { serverMessages } from '@tableserve/contract/messages';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler that limits by client IP and by the email in the body; both must pass. */
    limitByIpAndEmail(name: string, limits: { perIp: Limit; perEmail: Limit }): preHandlerAsyncHookHandler;
  }
}

export type Limit = { max: number; windowMs: number };

const MINUTE = 60_000;

/** The limits of the public account endpoints (brute force and mail flooding). */
export const accountLimits = {
  login: { perIp: { max: 20, windowMs: MINUTE }, perEmail: { max: 10, windowMs: 15 * MINUTE } },
  forgotPassword: { perIp: { max: 5, windowMs: MINUTE }, perEmail: { max: 3, windowMs: 15 * MINUTE } },
  register: { perIp: { max: 10, windowMs: 60 * MINUTE }, perEmail: { max: 5, windowMs: 60 * MINUTE } },
  // A dining room shares one IP and guests check in every night: generous per IP, tight per email.
  customerCreate: { perIp: { max: 60, windowMs: 60 * MINUTE }, perEmail: { max: 10, windowMs: 60 * MINUTE } },
} as const;

const emailOf = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

/**
 * No global limit: a busy restaurant's diners often share one public IP. Only the endpoints
 * worth attacking are limited. With REDIS_URL the counters are shared by every instance.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  redis: Redis | undefined,
  nameSpace = 'tableserve-rl:',
) {
  await app.register(rateLimit, { global: false, redis, nameSpace });

  app.decorate('limitByIpAndEmail', (name: string, limits: { perIp: Limit; perEmail: Limit }) => {
    // The plugin's own hook runs once per request, so two keys need two limiters checked here.
    const limiters = [
      app.createRateLimit({
        max: limits.perIp.max,
        timeWindow: limits.perIp.windowMs,
        keyGenerator: (r) => `${name}:ip:${r.ip}`,
      }),
      app.createRateLimit({
        max: limits.perEmail.max,
        timeWindow: limits.perEmail.windowMs,
        keyGenerator: (r) => `${name}:email:${emailOf(r)}`,
      }),
    ];
    return async (request, reply) => {
      for (const limiter of limiters) {
        const result = await limiter(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', result.ttlInSeconds);
          throw new AppError(429, serverMessages.tooManyRequests, 'RATE_LIMITED');
        }
      }
    };
  });
}
