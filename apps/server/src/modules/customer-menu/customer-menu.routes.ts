import { createHash } from 'node:crypto';
import { DisplayMenuParams, DisplayMenuResponse } from '@tableserve/contract/customer-menu';
import { ApiError } from '@tableserve/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CustomerMenuService } from './customer-menu.service';

/** If-None-Match holds one tag, several separated by commas, or *; compared weakly (RFC 9110). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** customer-side §7: GET /customer/display-menu/{token} and the /{restaurant_id} form. */
export const customerMenuRoutes: FastifyPluginAsyncZod<{ customerMenu: CustomerMenuService }> = async (
  app,
  { customerMenu },
) => {
  app.get(
    '/customer/display-menu/:token',
    {
      schema: {
        tags: ['Diners'],
        params: DisplayMenuParams,
        response: {
          200: DisplayMenuResponse,
          304: z.undefined(),
          400: ApiError,
          403: ApiError,
          404: ApiError,
        },
      },
    },
    async (request, reply) => {
      const menu = await customerMenu.display(request.params.token);
      // Phones on a weak network revalidate with If-None-Match and get an empty 304 back while
      // the menu is unchanged; an edit by the owner shows on the next open.
      const etag = `W/"${createHash('sha256').update(JSON.stringify(menu)).digest('base64url').slice(0, 27)}"`;
      reply.header('ETag', etag).header('Cache-Control', 'public, max-age=0, must-revalidate');
      // No payload at all: a 304 carries no body, and a Content-Length for one stalls keep-alive clients.
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(undefined);
      return menu;
    },
  );
};
