import { ApiError } from '@tableserve/contract/errors';
import { KitchenAnalyticsQuery, KitchenAnalyticsResponse } from '@tableserve/contract/kitchen-analytics';
import { DailySalesQuery, DailySalesResponse, RestaurantParams } from '@tableserve/contract/owner-orders';
import { SalesPaymentsQuery, SalesPaymentsResponse } from '@tableserve/contract/sales-money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SalesService } from './sales.service';

export const salesRoutes: FastifyPluginAsyncZod<{ sales: SalesService }> = async (app, { sales }) => {
  app.get(
    '/customer/daily-sales/:restaurant_id',
    {
      schema: {
        tags: ['Sales'],
        description:
          "One business day's orders and paid revenue (date: YYYY-MM-DD in the restaurant's zone).",
        security: [{ bearer: [] }],
        params: RestaurantParams,
        querystring: DailySalesQuery,
        response: { 200: DailySalesResponse, 400: ApiError, 401: ApiError, 404: ApiError },
      },
      onRequest: app.requirePermission('sales.view'),
    },
    async (request) => sales.daily(request.ownerId, request.params.restaurant_id, request.query.date),
  );

  app.get(
    '/sales/payments',
    {
      schema: {
        tags: ['Sales'],
        description:
          "One business day's money (gross, taxes by rate, service, tips, refunds, net) per paid order and in all, and its card payments and refunds, for the payments CSV (docs/decisions/020-money-model.md#refunds).",
        security: [{ bearer: [] }],
        querystring: SalesPaymentsQuery,
        response: { 200: SalesPaymentsResponse, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError },
      },
      onRequest: app.requirePermission('sales.view'),
    },
    async (request) => sales.payments(request.ownerId, request.query.date),
  );

  app.get(
    '/owner/restaurant/:restaurant_id/kitchen-analytics',
    {
      schema: {
        tags: ['Sales'],
        description:
          "Kitchen analytics of business days from..to (at most 31, in the restaurant's zone): preparation times (Approved → Ready), late orders, orders per hour and best sellers (ADR 014).",
        security: [{ bearer: [] }],
        params: RestaurantParams,
        querystring: KitchenAnalyticsQuery,
        response: { 200: KitchenAnalyticsResponse, 400: ApiError, 401: ApiError, 404: ApiError },
      },
      onRequest: app.requirePermission('kitchen.view'),
    },
    async (request) => sales.kitchen(request.ownerId, request.params.restaurant_id, request.query),
  );
};
