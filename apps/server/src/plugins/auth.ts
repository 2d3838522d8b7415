import { serverMessages } from '@tableserve/contract/messages';
import { subscriptionServerMessages } from '@tableserve/contract/subscription';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/app-error';
import { claimedAudience } from '../lib/jwt';
import type { SessionTokens } from '../lib/session-tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: the caller must carry a valid owner bearer token; sets request.ownerId. */
    requireOwner(request: FastifyRequest): Promise<void>;
    /** preHandler: requireOwner, and the owner's subscription must be valid (every owner write). */
    requireSubscribedOwner(request: FastifyRequest): Promise<void>;
    /**
     * preHandler for calls open to anyone that show more to an owner: sets request.ownerId from a
     * valid owner token, leaves it 0 without one (or with a diner's token), and answers 401 to a
     * forged or expired token so the owner's client logs out (docs/product/accounts.md#owner-session).
     */
    identifyOwner(request: FastifyRequest): Promise<void>;
    /** preHandler: the caller must carry a valid diner token; sets request.customerId. */
    requireCustomer(request: FastifyRequest): Promise<void>;
    /**
     * For place-order, which diners and owners share (docs/product/api-conventions.md#api-calls): a diner's token sets
     * request.customerId; an owner's sets request.ownerId and needs a valid subscription.
     */
    requireCustomerOrSubscribedOwner(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    ownerId: number;
    customerId: number;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** Owner authentication: the access rule sits here once, not in each handler. */
export const authPlugin = fp(async (app: FastifyInstance, options: { tokens: SessionTokens }) => {
  app.decorateRequest('ownerId', 0);
  app.decorateRequest('customerId', 0);
  app.decorate('requireCustomer', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const customerId = token ? await options.tokens.verify('customer', token) : undefined;
    if (!customerId) throw unauthorized(serverMessages.unauthorized, 'UNAUTHORIZED');
    request.customerId = customerId;
  });
  app.decorate('requireOwner', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const ownerId = token ? await options.tokens.verify('owner', token) : undefined;
    if (!ownerId) throw unauthorized(serverMessages.unauthorized, 'UNAUTHORIZED');
    request.ownerId = ownerId;
  });
  app.decorate('requireSubscribedOwner', async (request: FastifyRequest) => {
    await app.requireOwner(request);
    if (!(await app.subscriptions.ownerHasValidSubscription(request.ownerId)))
      throw forbidden(subscriptionServerMessages.subscriptionRequired, 'SUBSCRIPTION_REQUIRED');
  });
  app.decorate('requireCustomerOrSubscribedOwner', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (token && claimedAudience(token) === 'owner') return app.requireSubscribedOwner(request);
    return app.requireCustomer(request);
  });
  app.decorate('identifyOwner', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) return;
    const ownerId = await options.tokens.verify('owner', token);
    if (ownerId) request.ownerId = ownerId;
    else if (!(await options.tokens.verify('customer', token)))
      throw unauthorized(serverMessages.unauthorized, 'UNAUTHORIZED');
  });
});
