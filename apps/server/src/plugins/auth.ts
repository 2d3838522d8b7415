import { serverMessages } from '@tableserve/contract/messages';
import { can, type Permission, staffRoleMessages } from '@tableserve/contract/staff-roles';
import { subscriptionServerMessages } from '@tableserve/contract/subscription';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Actor, ownerActor } from '../lib/actor';
import { forbidden, unauthorized } from '../lib/app-error';
import type { SessionTokens } from '../lib/session-tokens';
import type { StaffActors } from '../modules/staff/staff-actors';
import type { SubscriptionValidity } from '../modules/subscriptions/subscription-validity';

type PreHandler = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler for the owner's own things (subscription, billing, profile): an owner token, else
     * 403 for a signed-in staff member or device and 401 for anyone else. Sets request.ownerId.
     */
    requireOwner: PreHandler;
    /** preHandler: requireOwner, and the owner's subscription must be valid (every owner write). */
    requireSubscribedOwner: PreHandler;
    /**
     * preHandler for a restaurant's staff call (docs/product/staff.md#roles): the owner, or a
     * staff member or device whose role holds `permission` (or one of a list; else 403); with `subscribed`, the
     * restaurant's subscription must be valid too, as for the owner's writes. Sets request.actor
     * and request.ownerId (the restaurant's owner), so the tenant guard works as for the owner.
     */
    requirePermission(
      permission: Permission | readonly Permission[],
      options?: { subscribed?: boolean },
    ): PreHandler;
    /**
     * preHandler for calls open to anyone that show more to the restaurant's people: sets
     * request.ownerId from a valid owner, staff or device token, leaves it 0 without one (or with
     * a diner's token), and answers 401 to a forged or expired token so the client logs out
     * (docs/product/accounts.md#owner-session).
     */
    identifyOwner: PreHandler;
    /** preHandler: the caller must carry a valid diner token; sets request.customerId. */
    requireCustomer: PreHandler;
    /**
     * onRequest for a public route a signed-in diner may use with more rights (their bill): a
     * diner's valid token sets request.customerId. Any other token grants nothing and is not
     * refused, so a diner whose session lapsed still pays by the table's code.
     */
    identifyCustomer: PreHandler;
    /**
     * For place-order, which diners and the restaurant share (docs/product/api-conventions.md#api-calls): a
     * diner's token sets request.customerId; the restaurant's people need 'orders.place' and a
     * valid subscription, and set request.ownerId.
     */
    requireCustomerOrSubscribedOwner: PreHandler;
  }
  interface FastifyRequest {
    ownerId: number;
    customerId: number;
    /** Set by every staff preHandler; undefined on diners' and public calls. */
    actor: Actor | undefined;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** Every preHandler requirePermission made, with what it requires: the route table's tests read it. */
const permissionGates = new WeakMap<object, readonly Permission[]>();

/** The permissions (any one suffices) a route's hook requires, if it is a requirePermission gate. */
export const permissionsOfGate = (hook: unknown): readonly Permission[] | undefined =>
  typeof hook === 'function' ? permissionGates.get(hook) : undefined;

/**
 * The restaurant's person behind a token — owner, staff member or device — or undefined for a
 * missing, forged, expired, revoked or diner's token. Shared by the HTTP checks and the sockets.
 */
export async function actorOfToken(
  deps: { tokens: SessionTokens; staffActors: StaffActors },
  token: string,
): Promise<Actor | undefined> {
  const audience = deps.tokens.claimedAudience(token);
  if (audience === 'owner') {
    const ownerId = await deps.tokens.verify('owner', token);
    return ownerId ? ownerActor(ownerId) : undefined;
  }
  if (audience !== 'staff' && audience !== 'device') return undefined;
  const claims = await deps.tokens.claims(audience, token);
  if (!claims) return undefined;
  const found = await deps.staffActors.find(audience, claims.subject);
  if (!found || found.version !== claims.version) return undefined;
  const { version: _, ...actor } = found;
  return actor;
}

/** Authentication and the role check: the access rule sits here once, not in each handler. */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    options: { tokens: SessionTokens; staffActors: StaffActors; subscriptionValidity: SubscriptionValidity },
  ) => {
    app.decorateRequest('ownerId', 0);
    app.decorateRequest('customerId', 0);
    app.decorateRequest('actor', undefined);

    const refused = () => unauthorized(serverMessages.unauthorized, 'UNAUTHORIZED');
    const notAllowed = () => forbidden(staffRoleMessages.forbidden, 'FORBIDDEN');

    async function signIn(request: FastifyRequest): Promise<Actor> {
      const token = bearerToken(request);
      const actor = token ? await actorOfToken(options, token) : undefined;
      if (!actor) throw refused();
      request.actor = actor;
      request.ownerId = actor.ownerId;
      return actor;
    }

    async function requireSubscription(ownerId: number) {
      if (!(await options.subscriptionValidity.ownerHasValidSubscription(ownerId)))
        throw forbidden(subscriptionServerMessages.subscriptionRequired, 'SUBSCRIPTION_REQUIRED');
    }

    app.decorate('requireCustomer', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      const customerId = token ? await options.tokens.verify('customer', token) : undefined;
      if (!customerId) throw refused();
      request.customerId = customerId;
    });
    app.decorate('requireOwner', async (request: FastifyRequest) => {
      if ((await signIn(request)).kind !== 'owner') throw notAllowed();
    });
    app.decorate('requireSubscribedOwner', async (request: FastifyRequest) => {
      await app.requireOwner(request);
      await requireSubscription(request.ownerId);
    });
    app.decorate(
      'requirePermission',
      (permission: Permission | readonly Permission[], { subscribed = false } = {}) => {
        const anyOf: readonly Permission[] = typeof permission === 'string' ? [permission] : permission;
        const gate = async (request: FastifyRequest) => {
          const actor = await signIn(request);
          if (!anyOf.some((one) => can(actor.role, one))) throw notAllowed();
          if (subscribed) await requireSubscription(actor.ownerId);
        };
        permissionGates.set(gate, anyOf);
        return gate;
      },
    );
    const placeOrder = app.requirePermission('orders.place', { subscribed: true });
    const customerOrPlaceOrder = async (request: FastifyRequest) => {
      const token = bearerToken(request);
      const audience = token ? options.tokens.claimedAudience(token) : undefined;
      if (audience && audience !== 'customer') return placeOrder(request);
      return app.requireCustomer(request);
    };
    // Its staff side is placeOrder's: the route table's tests read what it requires as for any gate.
    permissionGates.set(customerOrPlaceOrder, permissionsOfGate(placeOrder)!);
    app.decorate('requireCustomerOrSubscribedOwner', customerOrPlaceOrder);
    app.decorate('identifyCustomer', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) return;
      request.customerId = (await options.tokens.verify('customer', token)) || 0;
    });

    app.decorate('identifyOwner', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) return;
      const actor = await actorOfToken(options, token);
      if (actor) {
        request.actor = actor;
        request.ownerId = actor.ownerId;
      } else if (!(await options.tokens.verify('customer', token))) throw refused();
    });
  },
);
