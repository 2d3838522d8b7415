import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

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
