import { OpenBillsResponse } from '@tableserve/contract/bills';
import { ApiError } from '@tableserve/contract/errors';
import { RestaurantParams } from '@tableserve/contract/owner-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OpenBillsService } from './open-bills.service';

export const openBillsRoutes: FastifyPluginAsyncZod<{ openBills: OpenBillsService }> = async (
  app,
  { openBills },
) => {
  app.get(
    '/bills/open/:restaurant_id',
    {
      schema: {
        tags: ['Bills'],
        description:
          "The restaurant's open bills and those paid in the last 2 hours, per table: orders, total, paid, pending, outstanding and tips (Order Summary's Tables panel).",
        security: [{ bearer: [] }],
        params: RestaurantParams,
        response: { 200: OpenBillsResponse, 401: ApiError, 403: ApiError, 404: ApiError },
      },
      onRequest: app.requirePermission('orders.view', { subscribed: true }),
    },
    async (request) => openBills.list(request.ownerId, request.params.restaurant_id),
  );
};
