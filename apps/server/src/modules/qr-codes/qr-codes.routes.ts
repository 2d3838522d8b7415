import { ApiError } from '@tableserve/contract/errors';
import {
  GenerateQrCodeBody,
  NoMenuItemsResponse,
  RotateMenuTokenBody,
  RotateMenuTokenResponse,
  TableCardsQuery,
  TableCodesParams,
  TableCodesResponse,
} from '@tableserve/contract/menu';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binary } from '../../lib/binary';
import { ownerLimits } from '../../plugins/rate-limits';
import type { QrCodesService } from './qr-codes.service';

const QrCodePng = binary(
  'image/png, 400×400: a QR code of PUBLIC_URL/menu-display?token=…. While the restaurant has no menu items, the JSON {statusText: "NO_MENU_ITEMS", message} instead.',
);
const TableCardsPdf = binary(
  'application/pdf: one card per table (table number, its code, title, restaurant name), six per page.',
);

const tags = ['Menu'];
const security = [{ bearer: [] }];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };
/** The owner's own limit (429), and the server's while the sheets' line is full (503): both with Retry-After. */
const sheetErrors = { 429: ApiError, 503: ApiError };

/** The menu QR code (docs/product/restaurant-setup.md#qr-code) and the tables' codes (ADR 013). */
export const qrCodeRoutes: FastifyPluginAsyncZod<{ qrCodes: QrCodesService }> = async (app, { qrCodes }) => {
  app.post(
    '/menu/generate-qr-code',
    {
      schema: {
        tags,
        security,
        produces: ['image/png', 'application/json'],
        body: GenerateQrCodeBody,
        response: { 200: z.union([NoMenuItemsResponse, QrCodePng]), ...errors },
      },
      onRequest: app.requirePermission('tables.manage', { subscribed: true }),
    },
    async (request, reply) => {
      const qr = await qrCodes.generate(request.ownerId, request.body.restaurant_id);
      if (!('png' in qr)) return qr;
      // A Buffer is sent as is, past the JSON serializer.
      return reply.type('image/png').header('cache-control', 'no-store').send(qr.png);
    },
  );

  app.get(
    '/menu/table-codes/:restaurant_id',
    {
      schema: {
        tags,
        security,
        description: "One code per table: the menu link with ?table=N, and the code's modules to draw.",
        params: TableCodesParams,
        response: { 200: TableCodesResponse, ...errors, ...sheetErrors },
      },
      onRequest: app.requirePermission('tables.manage', { subscribed: true }),
      preHandler: app.limitByOwner('table-codes', ownerLimits.tableCodes),
    },
    async (request, reply) => {
      // The links carry the menu token: kept out of shared caches, and gone once rotated.
      reply.header('cache-control', 'no-store');
      return qrCodes.tableCodes(request.ownerId, request.params.restaurant_id);
    },
  );

  app.get(
    '/menu/table-cards/:restaurant_id',
    {
      schema: {
        tags,
        security,
        produces: ['application/pdf'],
        params: TableCodesParams,
        querystring: TableCardsQuery,
        response: { 200: TableCardsPdf, ...errors, ...sheetErrors },
      },
      onRequest: app.requirePermission('tables.manage', { subscribed: true }),
      preHandler: app.limitByOwner('table-cards-pdf', ownerLimits.tableCardsPdf),
    },
    async (request, reply) => {
      const { restaurant_id: restaurantId } = request.params;
      const pdf = await qrCodes.tableCardsPdf(request.ownerId, restaurantId, request.query.paper);
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="table-cards-${restaurantId}-${request.query.paper}.pdf"`,
        )
        .send(pdf);
    },
  );

  app.post(
    '/menu/rotate-qr-token',
    {
      schema: {
        tags,
        security,
        description:
          'A new menu token: the restaurant code and every table code printed so far stop opening the menu. 409 when `token` is no longer the current one.',
        body: RotateMenuTokenBody,
        response: { 200: RotateMenuTokenResponse, ...errors, 409: ApiError },
      },
      onRequest: app.requirePermission('tables.manage', { subscribed: true }),
    },
    async (request) => qrCodes.rotateToken(request.actor!, request.body.restaurant_id, request.body.token),
  );
};
