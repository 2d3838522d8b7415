import { ApiError } from '@tableserve/contract/errors';
import {
  CreateRefundBody,
  CreateRefundResponse,
  OrderRefundsResponse,
  RefundOrderParams,
} from '@tableserve/contract/refunds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerLimits } from '../../plugins/rate-limits';
import type { RefundsService } from './refunds.service';

const security = [{ bearer: [] }];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };
const IdempotencyHeaders = z.object({ 'idempotency-key': z.string().trim().min(8).max(255).optional() });

/**
 * Refunds of an order paid online (docs/decisions/020-money-model.md#refunds), from Order
 * Management's order card. Another restaurant's order answers 404.
 */
export const refundRoutes: FastifyPluginAsyncZod<{ refunds: RefundsService }> = async (app, { refunds }) => {
  app.post(
    '/orders/:order_id/refunds',
    {
      schema: {
        tags: ['Refunds'],
        description:
          'Refunds the whole order (its amount left), an amount, or lines, with a reason; pending until the provider confirms it. Idempotent per Idempotency-Key.',
        security,
        params: RefundOrderParams,
        headers: IdempotencyHeaders,
        body: CreateRefundBody,
        response: { 202: CreateRefundResponse, ...errors, 429: ApiError },
      },
      onRequest: app.requirePermission('orders.refund', { subscribed: true }),
      preHandler: app.limitByOwner('refunds', ownerLimits.staffOrderActions),
    },
    async (request, reply) => {
      const outcome = await refunds.request(
        request.actor!,
        request.params.order_id,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.code(outcome.status).send(outcome.body as CreateRefundResponse);
    },
  );

  app.get(
    '/orders/:order_id/refunds',
    {
      schema: {
        tags: ['Refunds'],
        description: "An order's refunds with their status, and what is left to refund of it and its lines.",
        security,
        params: RefundOrderParams,
        response: { 200: OrderRefundsResponse, ...errors },
      },
      onRequest: app.requirePermission('orders.view'),
    },
    async (request) => refunds.list(request.ownerId, request.params.order_id),
  );
};
