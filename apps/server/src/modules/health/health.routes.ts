import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Database } from '../../db/client';

const Health = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });

/** Liveness and database reachability, for load balancers and operators. */
export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<boolean> }> = async (
  app,
  { ping },
) => {
  app.get(
    '/health',
    { schema: { tags: ['Operations'], response: { 200: Health, 503: Health } } },
    async (_request, reply) => {
      const up = await ping();
      return reply
        .code(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
    },
  );
};

const Check = z.enum(['up', 'down']);
const Readiness = z.object({
  status: z.enum(['ready', 'not_ready']),
  /** What keeps the instance out of rotation; empty when ready. */
  failing: z.array(z.enum(['draining', 'database', 'redis', 'migrations'])),
  database: Check,
  redis: Check.optional(),
  /** Migrations of this build the database has not applied; null when the database did not answer. */
  migrations_behind: z.number().int().nullable(),
  draining: z.boolean(),
});

/** How long a readiness check waits for Redis: a balancer polls, and a hung check is a failed one. */
const REDIS_PING_MS = 1000;

/**
 * GET /health/live (the process answers) and GET /health/ready (this instance should get
 * traffic), at the root for balancers and orchestrators (docs/operations.md#health-and-metrics).
 */
export const probeRoutes: FastifyPluginAsyncZod<{
  database: Pick<Database, 'migrationsBehind'>;
  redis: Pick<Redis, 'ping'> | undefined;
  draining: () => boolean;
}> = async (app, { database, redis, draining }) => {
  app.get(
    '/health/live',
    { schema: { tags: ['Operations'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    { schema: { tags: ['Operations'], response: { 200: Readiness, 503: Readiness } } },
    async (_request, reply) => {
      // One query tells both: a database that answers how far behind it is, is up.
      const [behind, redisUp] = await Promise.all([
        database.migrationsBehind().catch(() => null),
        redis ? redisAnswers(redis) : undefined,
      ]);
      const databaseUp = behind !== null;
      const isDraining = draining();
      const failing = [
        ...(isDraining ? (['draining'] as const) : []),
        ...(databaseUp ? [] : (['database'] as const)),
        ...(redisUp === false ? (['redis'] as const) : []),
        ...(behind === null || behind === 0 ? [] : (['migrations'] as const)),
      ];
      return reply.code(failing.length === 0 ? 200 : 503).send({
        status: failing.length === 0 ? 'ready' : 'not_ready',
        failing,
        database: databaseUp ? 'up' : 'down',
        ...(redisUp !== undefined && { redis: redisUp ? 'up' : 'down' }),
        migrations_behind: behind,
        draining: isDraining,
      });
    },
  );
};

async function redisAnswers(redis: Pick<Redis, 'ping'>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), REDIS_PING_MS);
  });
  try {
    return await Promise.race([redis.ping().then((answer) => answer === 'PONG'), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
