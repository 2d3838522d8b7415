import rateLimit, { type CreateRateLimitOptions } from '@fastify/rate-limit';
import { serverMessages } from '@tableserve/contract/messages';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onResponseAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A preHandler that limits by client IP and by the email of the validated body (the route
     * must have a body schema); every limit must pass.
     */
    limitByIpAndEmail(name: string, limits: AccountLimits): preHandlerAsyncHookHandler;
    /** A preHandler that limits a public call by client IP alone. */
    limitByIp(name: string, limit: Limit): preHandlerAsyncHookHandler;
    /**
     * A preHandler that limits by the authenticated owner (request.ownerId, so it must follow
     * requireOwner) and, when given, by client IP; every limit must pass.
     */
    limitByOwner(name: string, limits: OwnerLimits): preHandlerAsyncHookHandler;
    /**
     * For a call that charges a card: a preHandler limiting per owner (after requireOwner) and
     * refusing an address (and a bill) whose recent charges were declined too often, and the
     * onResponse hook that counts a declined charge (402) against them.
     */
    limitCharges(
      name: string,
      limits: ChargeLimits,
    ): { preHandler: preHandlerAsyncHookHandler; onResponse: onResponseAsyncHookHandler };
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
/** perOwner counts one account's calls from anywhere; perIp every account's from one address. */
type OwnerLimits = { perOwner: Limit; perIp?: Limit };
/**
 * perOwner counts one account's charges; declinedPerIp only declined charges (402), of every
 * account, from one address; declinedPerBill the declines on one bill (the route's :bill_id),
 * from any address.
 */
type ChargeLimits = { perOwner?: Limit; declinedPerIp: Limit; declinedPerBill?: Limit };

const MINUTE = 60_000;

/**
 * Without Redis, each limiter keeps its counters in this process, forgetting the least recently
 * used past this many keys. The plugin's default, 5,000, let a busy instance forget a diner's or
 * an address's count within its window (a rush of diners pushes it out) and so let them past
 * the limit; 100,000 counters are a few megabytes at most, and only while that many are live.
 */
const LOCAL_COUNTERS_PER_LIMIT = 100_000;

/** The limits of the public account endpoints (brute force and mail flooding). */
export const accountLimits = {
  // A restaurant's staff at the start of a shift, and its diners on a Friday, sign in from its one
  // address: per address only a script's pace is refused; guesses at one account are counted per
  // account from that address.
  login: { perIp: { max: 40, windowMs: MINUTE }, perIpAndEmail: { max: 10, windowMs: 15 * MINUTE } },
  forgotPassword: { perIp: { max: 5, windowMs: MINUTE }, perEmail: { max: 3, windowMs: 15 * MINUTE } },
  register: { perIp: { max: 10, windowMs: 60 * MINUTE }, perEmail: { max: 5, windowMs: 60 * MINUTE } },
  // A dining room shares one IP and guests check in every night: generous per IP, tight per email.
  customerCreate: { perIp: { max: 60, windowMs: 60 * MINUTE }, perEmail: { max: 10, windowMs: 60 * MINUTE } },
  // Reset links carry 256-bit tokens that cannot be guessed; the limit stops one address from
  // hammering the endpoint that sets passwords.
  resetPassword: { perIp: { max: 20, windowMs: 15 * MINUTE } },
  // Invitation links carry 256-bit tokens too; the limits stop one address from trying links or
  // hammering the endpoint that sets staff passwords (docs/product/staff.md#staff-accounts).
  checkInvitation: { perIp: { max: 30, windowMs: 15 * MINUTE } },
  acceptInvitation: { perIp: { max: 20, windowMs: 15 * MINUTE } },
} as const satisfies Record<string, AccountLimits>;

/** The limits of calls an owner makes with their token. */
export const ownerLimits = {
  // Each call may charge a card: an owner retrying a declined card needs a few calls, a stolen
  // token many. Card testing shows as declines, so those are counted per address too, of every
  // owner: one address can sign up ten owners an hour. Successful purchases are not, so owners
  // behind one address (an office, a group of restaurants) can all subscribe.
  createSubscription: {
    perOwner: { max: 10, windowMs: 60 * MINUTE },
    declinedPerIp: { max: 10, windowMs: 60 * MINUTE },
  },
  // One bucket for every change a restaurant's staff make to orders (approve, status, edit,
  // delete, mark paid). A kitchen at its busiest taps a few times a minute per screen; 600 stops
  // only a runaway script or a stolen token hammering the database.
  staffOrderActions: { perOwner: { max: 600, windowMs: MINUTE } },
  // A restaurant's table codes and its PDF sheet take its tables' worth of the sheets' one worker
  // (1,000 tables: 0.4 s and 2 s). The QR page asks for the codes each time it opens and an
  // owner prints a sheet or two; more than this is a script keeping every owner's sheets waiting.
  tableCodes: { perOwner: { max: 30, windowMs: MINUTE } },
  tableCardsPdf: { perOwner: { max: 6, windowMs: MINUTE } },
  // A restaurant pairs a few tablets at a time; a code is a 6-digit secret, so fresh ones are
  // not handed out without end (docs/decisions/019-device-credentials.md).
  pairingCodes: { perOwner: { max: 20, windowMs: 60 * MINUTE } },
} as const satisfies Record<string, OwnerLimits | ChargeLimits>;

/** The public calls that charge a diner's card (docs/decisions/020-money-model.md#payments). */
export const dinerChargeLimits = {
  // Card testing: a script tries stolen cards a cent at a time by a table's code, and shows as
  // declines. A table's diners share the restaurant's one address and each may mistype a card
  // once or twice, so the address counts declines of every bill, and one bill those of every
  // address (a tester rotating addresses). Paid charges never count.
  payBill: {
    declinedPerIp: { max: 8, windowMs: 10 * MINUTE },
    declinedPerBill: { max: 6, windowMs: 10 * MINUTE },
  },
} as const satisfies Record<string, ChargeLimits>;

/**
 * The diners' bill calls, per address (docs/decisions/024-bounded-work.md): a table's diners, and
 * often a whole dining room on its Wi-Fi, share one, so each is generous for them and bounds what
 * one address can make the server read or draw.
 */
export const billLimits = {
  // The bill page reads its bill when it opens and again at each change at the table (an order
  // joined, a payment): 20 tables of 4 diners behind one address stay well under it.
  reads: { max: 240, windowMs: MINUTE },
  // Each call draws a PDF on the receipts' worker: a diner asks for theirs once or twice.
  receipts: { max: 30, windowMs: MINUTE },
  // Each call may charge a card.
  payments: { max: 30, windowMs: MINUTE },
} as const satisfies Record<string, Limit>;

/** `app.rateLimit`'s options for a limit per address. */
export const perAddress = (limit: Limit) => ({ max: limit.max, timeWindow: limit.windowMs });

/** The public calls of paired devices (docs/decisions/019-device-credentials.md). */
export const deviceLimits = {
  // Six digits are a million codes: ten guesses per address per 10 minutes make a live code's
  // odds of being found from one address about 1 in 100,000.
  pair: { max: 10, windowMs: 10 * MINUTE },
  // A credential is 256 random bits, not guessable; a restaurant's tablets behind one address
  // each refresh once an hour, or after a restart. The limit stops a loop hammering the database.
  refresh: { max: 60, windowMs: 10 * MINUTE },
} as const satisfies Record<string, Limit>;

/**
 * The email of the body as the route's schema made it (the contract's email fields trim and
 * lower-case it), never as sent: every spelling the schema makes one address is one bucket, and
 * the one the account is looked up by. Limits run as preHandlers, after validation; a route
 * without a body schema would hand over the raw body, so it fails loudly instead.
 */
const emailOf = (request: FastifyRequest) => {
  if (!request.routeOptions.schema?.body)
    throw new Error(`${request.routeOptions.url}: an email limit needs the route's body schema`);
  const email = (request.body as { email?: unknown }).email;
  return typeof email === 'string' ? email : '';
};

/** The bill a charge is for: the route's :bill_id. */
const billOf = (request: FastifyRequest): string => {
  const billId = (request.params as { bill_id?: unknown }).bill_id;
  if (billId === undefined) throw new Error(`${request.routeOptions.url}: a per-bill limit needs :bill_id`);
  return String(billId);
};

/**
 * No global limit: a busy restaurant's diners often share one public IP. Only the endpoints
 * worth attacking are limited. With REDIS_URL the counters are shared by every instance, under
 * the deployment's REDIS_PREFIX.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  redis: Redis | undefined,
  redisPrefix: string,
) {
  await app.register(rateLimit, { global: false, redis, nameSpace: `${redisPrefix}tableserve-rl:` });

  /** The 429: Retry-After, and a text that says as long a wait. */
  const refuse = (reply: FastifyReply, seconds: number): never => {
    reply.header('retry-after', seconds);
    throw new AppError(429, serverMessages.tooManyRequests(seconds), 'RATE_LIMITED');
  };

  // The plugin reads a limiter's `cache` (its local counters); its types leave the option out.
  const createLimiter = (options: CreateRateLimitOptions) =>
    app.createRateLimit({ ...options, cache: LOCAL_COUNTERS_PER_LIMIT } as CreateRateLimitOptions);

  type Keyed = [Limit | undefined, (request: FastifyRequest) => string];
  /** One preHandler over several limits. The plugin's own hook runs once per request, so several keys need several limiters. */
  const limitAll = (keys: Keyed[]): preHandlerAsyncHookHandler => {
    const limiters = keys.flatMap(([limit, keyGenerator]) =>
      limit ? [createLimiter({ max: limit.max, timeWindow: limit.windowMs, keyGenerator })] : [],
    );
    return async (request, reply) => {
      for (const limiter of limiters) {
        const result = await limiter(request);
        if (!result.isAllowed && result.isExceeded) refuse(reply, result.ttlInSeconds);
      }
    };
  };

  app.decorate('limitByIpAndEmail', (name: string, limits: AccountLimits) =>
    limitAll([
      [limits.perIp, (r) => `${name}:ip:${r.ip}`],
      [limits.perEmail, (r) => `${name}:email:${emailOf(r)}`],
      [limits.perIpAndEmail, (r) => `${name}:ip-email:${r.ip}:${emailOf(r)}`],
    ]),
  );

  app.decorate('limitByIp', (name: string, limit: Limit) => limitAll([[limit, (r) => `${name}:ip:${r.ip}`]]));

  app.decorate('limitByOwner', (name: string, limits: OwnerLimits) =>
    limitAll([
      [limits.perOwner, (r) => `${name}:owner:${r.ownerId}`],
      [limits.perIp, (r) => `${name}:ip:${r.ip}`],
    ]),
  );

  app.decorate('limitCharges', (name: string, limits: ChargeLimits) => {
    const perOwner = limitAll([[limits.perOwner, (r) => `${name}:owner:${r.ownerId}`]]);
    const declineCounts: Keyed[] = [
      [limits.declinedPerIp, (r) => `${name}:declined-ip:${r.ip}`],
      [limits.declinedPerBill, (r) => `${name}:declined-bill:${billOf(r)}`],
    ];
    const declines = declineCounts.flatMap(([limit, keyGenerator]) =>
      limit ? [createLimiter({ max: limit.max, timeWindow: limit.windowMs, keyGenerator })] : [],
    );
    const preHandler: preHandlerAsyncHookHandler = async function (request, reply) {
      await perOwner.call(this, request, reply);
      // Read, not counted: only a decline counts, once the provider has said so.
      for (const limiter of declines) {
        const seen = await limiter(request, { increment: false });
        if (!seen.isAllowed && seen.remaining === 0) refuse(reply, seen.ttlInSeconds);
      }
    };
    const onResponse: onResponseAsyncHookHandler = async (request, reply) => {
      if (reply.statusCode === 402) for (const limiter of declines) await limiter(request);
    };
    return { preHandler, onResponse };
  });

  app.decorate('recordFailedLogin', async (request: FastifyRequest, reply) => {
    if (reply.statusCode === 401)
      request.log.warn({ ip: request.ip, email: emailOf(request) }, 'login refused');
  });
}
