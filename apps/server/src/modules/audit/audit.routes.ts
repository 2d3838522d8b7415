import { AuditActorsResponse, AuditListResponse, AuditQuery } from '@tableserve/contract/audit';
import { ApiError } from '@tableserve/contract/errors';
import { RestaurantParams } from '@tableserve/contract/owner-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditService } from './audit.service';

const tags = ['Audit trail'];
const security = [{ bearer: [] }];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

/** The audit trail (docs/product/staff.md#audit-trail): read only; the app never changes an entry. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/owner/restaurant/:restaurant_id/audit',
    {
      schema: {
        tags,
        security,
        description:
          'The audit trail, newest first: filter by person (actor_kind and actor_id), action and business day (YYYY-MM-DD in the restaurant zone).',
        params: RestaurantParams,
        querystring: AuditQuery,
        response: { 200: AuditListResponse, ...errors },
      },
      onRequest: app.requirePermission('audit.view'),
    },
    async (request) => audit.list(request.ownerId, request.params.restaurant_id, request.query),
  );

  app.get(
    '/owner/restaurant/:restaurant_id/audit/actors',
    {
      schema: {
        tags,
        security,
        description: 'Everyone who appears in the audit trail, for its person filter.',
        params: RestaurantParams,
        response: { 200: AuditActorsResponse, ...errors },
      },
      onRequest: app.requirePermission('audit.view'),
    },
    async (request) => audit.actors(request.ownerId, request.params.restaurant_id),
  );
};
