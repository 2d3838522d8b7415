import { ApiError } from '@tableserve/contract/errors';
import { GenerateQrCodeBody, NoMenuItemsResponse } from '@tableserve/contract/menu';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binary } from '../../lib/binary';
import type { QrCodesService } from './qr-codes.service';

const QrCodePng = binary(
  'image/png, 400×400: a QR code of PUBLIC_URL/menu-display?token=…. While the restaurant has no menu items, the JSON {statusText: "NO_MENU_ITEMS", message} instead.',
);

/** The menu QR code (owner-side spec §7 POST /menu/generate-qr-code). */
export const qrCodeRoutes: FastifyPluginAsyncZod<{ qrCodes: QrCodesService }> = async (app, { qrCodes }) => {
  app.post(
    '/menu/generate-qr-code',
    {
      schema: {
        tags: ['Menu'],
        security: [{ bearer: [] }],
        produces: ['image/png', 'application/json'],
        body: GenerateQrCodeBody,
        response: {
          200: z.union([NoMenuItemsResponse, QrCodePng]),
          400: ApiError,
          401: ApiError,
          403: ApiError,
          404: ApiError,
        },
      },
      onRequest: app.requireSubscribedOwner,
    },
    async (request, reply) => {
      const qr = await qrCodes.generate(request.ownerId, request.body.restaurant_id);
      if (!('png' in qr)) return qr;
      // A Buffer is sent as is, past the JSON serializer.
      return reply.type('image/png').header('cache-control', 'no-store').send(qr.png);
    },
  );
};
