import { ApiError } from '@tableserve/contract/errors';
import {
  GenerateSignedUrlBody,
  GenerateSignedUrlResponse,
  IMAGE_CONTENT_TYPES,
  SignedUrlQuery,
  UPLOAD_MAX_BYTES,
  UploadKeyParams,
  uploadMessages,
} from '@tableserve/contract/menu';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import { binary } from '../../lib/binary';
import { mediaType } from './local-storage';
import type { UploadsService } from './uploads.service';

const tags = ['Menu images'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

const ImageBytes = binary('The image: JPEG, PNG, GIF or WebP, at most 5 MB.');
const UploadedResponse = z.object({ message: z.string(), image_url: z.string() });

/**
 * Menu images (docs/product/menu.md#menu-images and the PUT to the signed URL). With the local
 * driver this server is the store too: PUT and GET /uploads/:key.
 */
export const uploadRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  app.post(
    '/menu/generate-signed-url',
    {
      schema: {
        tags,
        security: [{ bearer: [] }],
        body: GenerateSignedUrlBody,
        response: { 200: GenerateSignedUrlResponse, ...errors },
      },
      onRequest: app.requirePermission('menu.manage', { subscribed: true }),
    },
    async (request) => uploads.createSignedUrl(request.ownerId, request.body),
  );

  const local = uploads.local;
  if (!local) return;

  // Image bodies stay raw bytes; this parser and error handler apply inside this plugin only.
  app.addContentTypeParser(
    /^image\//,
    { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.setErrorHandler((error: FastifyError, _request, _reply) => {
    // Fastify's refusal of an oversized body, in the API's words; thrown on to the application's
    // error handler, which answers in the one error shape.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new AppError(413, uploadMessages.tooLarge, 'IMAGE_TOO_LARGE');
    throw error;
  });

  app.put(
    '/uploads/:key',
    {
      bodyLimit: UPLOAD_MAX_BYTES,
      schema: {
        tags,
        description:
          'The signed URL from generate-signed-url, with the signed Content-Type. An x-amz-acl header is accepted and ignored.',
        params: UploadKeyParams,
        querystring: SignedUrlQuery,
        // Checked by its bytes in the handler: the declared type is not trusted.
        consumes: [...IMAGE_CONTENT_TYPES],
        body: ImageBytes,
        response: {
          200: UploadedResponse,
          403: ApiError,
          409: ApiError,
          413: ApiError,
          415: ApiError,
          422: ApiError,
        },
      },
      // Before the body is read: an unsigned request never gets to send 5 MB.
      onRequest: async (request) =>
        local.authorize(request.params.key, request.query, mediaType(request.headers['content-type'])),
    },
    async (request) => {
      await local.save(request.params.key, request.body);
      return { message: uploadMessages.uploaded, image_url: local.urlOf(request.params.key) };
    },
  );

  app.get(
    '/uploads/:key',
    {
      schema: {
        tags,
        description:
          'An uploaded image as it was uploaded, or resized as WebP: `<key>@320.webp` and `<key>@640.webp` (4:3, for the menu) or `<key>@960.webp` (the whole photo, for its preview).',
        produces: [...IMAGE_CONTENT_TYPES],
        params: UploadKeyParams,
        response: { 200: ImageBytes, 404: ApiError },
      },
    },
    async (request, reply) => {
      const image = await local.read(request.params.key);
      if (!image) throw notFound(uploadMessages.notFound, 'IMAGE_NOT_FOUND');
      return reply
        .type(image.contentType)
        .headers({
          // Keys are random and never reused, so an image never changes under its URL.
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
          // Menu images are public: other origins (a separately hosted web app) may show them.
          'cross-origin-resource-policy': 'cross-origin',
        })
        .send(image.bytes);
    },
  );
};
