import { ApiError } from '@tableserve/contract/errors';
import {
  CustomerOrdersParams,
  CustomerOrdersQuery,
  CustomerOrdersResponse,
  OrderStatusQuery,
  OrderStatusResponse,
  OrderSummary,
  OrderSummaryParams,
  PlaceOrderResponse,
} from '@tableserve/contract/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OrdersService } from './orders.service';
import { parsePlaceOrder, placeOrderLimitKey, placeOrderRequest } from './place-order-request';
import type { StaffOrdersService } from './staff-orders.service';

const security = [{ bearer: [] }];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError, 429: ApiError };
const IdempotencyHeaders = z.object({ 'idempotency-key': z.string().trim().min(8).max(255).optional() });

/** Diner orders (docs/product/api-conventions.md#api-calls), and the owner's own Place Order form on the same path. */
export const orderRoutes: FastifyPluginAsyncZod<{
  orders: OrdersService;
  staffOrders: StaffOrdersService;
}> = async (app, { orders, staffOrders }) => {
  app.post(
    '/customer/place-order',
    {
      schema: {
        tags: ['Orders'],
        description:
          "A diner's order (PlaceOrderBody, diner token), or with the owner's token the owner's " +
          'Place Order form (OwnerPlaceOrderBody: walk-in and phone orders). Priced by the server.',
        security,
        headers: IdempotencyHeaders,
        response: { 201: PlaceOrderResponse, ...errors },
      },
      onRequest: app.requireCustomerOrSubscribedOwner,
      preValidation: parsePlaceOrder,
      // Counts every order the parsed body asks for, refused later (an unknown dish) or not.
      preHandler: app.rateLimit({
        // Per diner (a dining room shares one IP, so no per-IP limit) or per owner, and restaurant.
        max: (request) => (placeOrderRequest(request).by === 'owner' ? 60 : 10),
        timeWindow: 60_000,
        keyGenerator: placeOrderLimitKey,
      }),
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const placeOrder = placeOrderRequest(request);
      const outcome =
        placeOrder.by === 'owner'
          ? await staffOrders.place(placeOrder.actor, placeOrder.order, key)
          : await orders.place(placeOrder.customerId, placeOrder.order, key);
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
      onRequest: app.requireCustomer,
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
      onRequest: app.requireCustomer,
    },
    async (request) =>
      orders.listOfCustomer(
        request.customerId,
        request.params.customer_id,
        request.query.page,
        request.query.per_page,
      ),
  );
};
