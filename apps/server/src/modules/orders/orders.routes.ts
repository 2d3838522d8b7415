import { ApiError } from '@tableserve/contract/errors';
import {
  CustomerOrdersParams,
  CustomerOrdersQuery,
  CustomerOrdersResponse,
  OrderStatusQuery,
  OrderStatusResponse,
  OrderSummary,
  OrderSummaryParams,
  PlaceOrderBody,
  PlaceOrderResponse,
  UpdateOrderStatusBody,
  UpdateOrderStatusParams,
  UpdateOrderStatusResponse,
} from '@tableserve/contract/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OrdersService } from './orders.service';

const security = [{ bearer: [] }];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError, 429: ApiError };
const IdempotencyHeaders = z.object({ 'idempotency-key': z.string().trim().min(8).max(255).optional() });

/** Diner orders (customer-side §7) and the kitchen's status change (owner-side §7). */
export const orderRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  app.post(
    '/customer/place-order',
    {
      schema: {
        tags: ['Orders'],
        security,
        headers: IdempotencyHeaders,
        body: PlaceOrderBody,
        response: { 201: PlaceOrderResponse, ...errors },
      },
      preHandler: [
        app.requireCustomer,
        // Per diner and restaurant: a dining room shares one IP, so no per-IP limit here.
        app.rateLimit({
          max: 10,
          timeWindow: 60_000,
          keyGenerator: (request) =>
            `place-order:${request.customerId}:${(request.body as { restaurant_id?: unknown }).restaurant_id}`,
        }),
      ],
    },
    async (request, reply) => {
      const outcome = await orders.place(
        request.customerId,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.code(outcome.status).send(outcome.body as PlaceOrderResponse);
    },
  );

  app.get(
    '/customer/order-summary/:restaurant_id/:order_id',
    {
      schema: {
        tags: ['Orders'],
        security,
        params: OrderSummaryParams,
        response: { 200: OrderSummary, ...errors },
      },
      preHandler: app.requireCustomer,
    },
    async (request) =>
      orders.summary(request.customerId, request.params.restaurant_id, request.params.order_id),
  );

  app.get(
    '/customer/order-status',
    {
      schema: {
        tags: ['Orders'],
        querystring: OrderStatusQuery,
        response: { 200: OrderStatusResponse, ...errors },
      },
    },
    async (request) => orders.status(request.query.restaurant_id, request.query.order_id),
  );

  app.get(
    '/customer/:customer_id/orders',
    {
      schema: {
        tags: ['Orders'],
        security,
        params: CustomerOrdersParams,
        querystring: CustomerOrdersQuery,
        response: { 200: CustomerOrdersResponse, ...errors },
      },
      preHandler: app.requireCustomer,
    },
    async (request) =>
      orders.listOfCustomer(
        request.customerId,
        request.params.customer_id,
        request.query.page,
        request.query.per_page,
      ),
  );

  app.post(
    '/kitchen/restaurant/:restaurant_id/update-order-status/:order_id',
    {
      schema: {
        tags: ['Kitchen'],
        security,
        params: UpdateOrderStatusParams,
        body: UpdateOrderStatusBody,
        response: { 200: UpdateOrderStatusResponse, ...errors },
      },
      preHandler: app.requireSubscribedOwner,
    },
    async (request) =>
      orders.updateStatus(
        request.ownerId,
        request.params.restaurant_id,
        request.params.order_id,
        request.body.status,
      ),
  );
};
