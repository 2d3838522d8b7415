import { type PlaceOrder, PlaceOrderBody } from '@tableserve/contract/order';
import { type OwnerPlaceOrder, OwnerPlaceOrderBody } from '@tableserve/contract/owner-orders';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../lib/actor';
import { parseBody } from '../../lib/validation';

/**
 * A place-order request once its body is parsed by who calls: the owner's walk-in form or a
 * diner's cart share one path, so the route has no body schema of its own.
 */
export type PlaceOrderRequest =
  | { by: 'owner'; actor: Actor; order: OwnerPlaceOrder }
  | { by: 'diner'; customerId: number; order: PlaceOrder };

const parsed = new WeakMap<FastifyRequest, PlaceOrderRequest>();

/**
 * preValidation, after authentication: parses the body once, before the rate limit, so the
 * limit is keyed on the parsed restaurant id ("2", "02", " 2" and 2 are one restaurant, and one
 * bucket). A body the schema refuses is its 400 here and is not counted: it reached no database.
 */
export async function parsePlaceOrder(request: FastifyRequest) {
  parsed.set(
    request,
    request.actor
      ? { by: 'owner', actor: request.actor, order: parseBody(OwnerPlaceOrderBody, request.body) }
      : { by: 'diner', customerId: request.customerId, order: parseBody(PlaceOrderBody, request.body) },
  );
}

/** The request parsePlaceOrder parsed; a route that forgot it fails loudly, never unparsed. */
export function placeOrderRequest(request: FastifyRequest): PlaceOrderRequest {
  const placeOrder = parsed.get(request);
  if (!placeOrder) throw new Error('place-order body read before parsePlaceOrder parsed it');
  return placeOrder;
}

/** The rate limit's bucket: per owner or diner, and restaurant, from parsed values only. */
export function placeOrderLimitKey(request: FastifyRequest): string {
  const placeOrder = placeOrderRequest(request);
  const who = placeOrder.by === 'owner' ? `owner${placeOrder.actor.ownerId}` : String(placeOrder.customerId);
  return `place-order:${who}:${placeOrder.order.restaurant_id}`;
}
