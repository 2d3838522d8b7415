import rateLimit from '@fastify/rate-limit';
import { serverMessages } from '@tableserve/contract/messages';
import type {
  FastifyInstance,
  FastifyRequest,
  onResponseAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler that limits by client IP and by the email in the body; every limit must pass. */
    limitByIpAndEmail(name: string, limits: AccountLimits): preHandlerAsyncHookHandler;
    /** onResponse for login routes: a refused password is logged with the address it came from. */
    recordFailedLogin: onResponseAsyncHookHandler;
  }
}

export type Limit = { max: number; windowMs: number };

/**
 * perEmail counts every address together (mail flooding); perIpAndEmail counts one address's
 * tries at one account, so a stranger's guesses never lock the owner out of their own account.
 */
type AccountLimits = { perIp: Limit; perEmail?: Limit; perIpAndEmail?: Limit };

const MINUTE = 60_000;

/** The limits of the public account endpoints (brute force and mail flooding). */
export const accountLimits = {
  login: { perIp: { max: 20, windowMs: MINUTE }, perIpAndEmail: { max: 10, windowMs: 15 * MINUTE } },
  forgotPassword: { perIp: { max: 5, windowMs: MINUTE }, perEmail: { max: 3, windowMs: 15 * MINUTE } },
  register: { perIp: { max: 10, windowMs: 60 * MINUTE }, perEmail: { max: 5, windowMs: 60 * MINUTE } },
  // A dining room shares one IP and guests check in every night: generous per IP, tight per email.
  customerCreate: { perIp: { max: 60, windowMs: 60 * MINUTE }, perEmail: { max: 10, windowMs: 60 * MINUTE } },
  // Reset links carry 256-bit tokens that cannot be guessed; the limit stops one address from
  // hammering the endpoint that sets passwords.
  resetPassword: { perIp: { max: 20, windowMs: 15 * MINUTE } },
} as const satisfies Record<string, AccountLimits>;

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

  app.decorate('limitByIpAndEmail', (name: string, limits: AccountLimits) => {
    // The plugin's own hook runs once per request, so several keys need several limiters here.
    const keys: [Limit | undefined, (request: FastifyRequest) => string][] = [
      [limits.perIp, (r) => `${name}:ip:${r.ip}`],
      [limits.perEmail, (r) => `${name}:email:${emailOf(r)}`],
      [limits.perIpAndEmail, (r) => `${name}:ip-email:${r.ip}:${emailOf(r)}`],
    ];
    const limiters = keys.flatMap(([limit, keyGenerator]) =>
      limit ? [app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator })] : [],
    );
    return async (request, reply) => {
      for (const limiter of limiters) {
        const result = await limiter(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', result.ttlInSeconds);
          throw new AppError(429, serverMessages.tooManyRequests(result.ttlInSeconds), 'RATE_LIMITED');
        }
      }
    };
  });

  app.decorate('recordFailedLogin', async (request: FastifyRequest, reply) => {
    if (reply.statusCode === 401)
      request.log.warn({ ip: request.ip, email: emailOf(request) }, 'login refused');
  });
}
