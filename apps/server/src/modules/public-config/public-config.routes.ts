import { PublicConfigResponse } from '@tableserve/contract/public-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The server's settings the web app reads at run time, so one build serves any configuration. */
export const publicConfigRoutes: FastifyPluginAsyncZod<{ googleMapsApiKey: string | undefined }> = async (
  app,
  { googleMapsApiKey },
) => {
  app.get(
    '/public-config',
    {
      schema: {
        tags: ['Operations'],
        summary: 'Public settings of this server for the web app (the Google Maps browser key, or null)',
        response: { 200: PublicConfigResponse },
      },
    },
    async (_request, reply) =>
      // A changed key takes effect on the next page load, not after a cache expires.
      reply.header('cache-control', 'no-cache').send({ google_maps_api_key: googleMapsApiKey ?? null }),
  );
};
