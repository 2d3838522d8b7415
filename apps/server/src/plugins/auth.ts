import { serverMessages } from '@tableserve/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/app-error';
import type { JwtService } from '../lib/jwt';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: the caller must carry a valid owner bearer token; sets request.ownerId. */
    requireOwner(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    ownerId: number;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** Owner authentication: the access rule sits here once, not in each handler. */
export const authPlugin = fp(async (app: FastifyInstance, options: { jwt: JwtService }) => {
  app.decorateRequest('ownerId', 0);
  app.decorate('requireOwner', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const ownerId = token ? await options.jwt.verify('owner', token) : undefined;
    if (!ownerId) throw unauthorized(serverMessages.unauthorized, 'UNAUTHORIZED');
    request.ownerId = ownerId;
  });
});
