import { DisplayMenuParams, DisplayMenuQuery, DisplayMenuResponse } from '@tableserve/contract/customer-menu';
import { ApiError } from '@tableserve/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CustomerMenuService } from './customer-menu.service';

/** A tag without its weak marker: If-None-Match compares weakly (RFC 9110). */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** If-None-Match holds one tag, several separated by commas, or *. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The encodings a client accepts, best first: brotli, then gzip (q=0 refuses one). */
function parseAcceptEncoding(acceptEncoding: string): Encoding {
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/**
 * Browsers send a handful of distinct Accept-Encoding values, so each is parsed once. Bounded:
 * past MAX_REMEMBERED distinct values (a client making them up) the rest are parsed every time.
 */
const encodingOf = new Map<string, Encoding>();
const MAX_REMEMBERED = 100;

function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let encoding = encodingOf.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(acceptEncoding);
    if (encodingOf.size < MAX_REMEMBERED) encodingOf.set(acceptEncoding, encoding);
  }
  return encoding;
}

/** docs/product/api-conventions.md#api-calls: GET /customer/display-menu/{token} and the /{restaurant_id} form. */
export const customerMenuRoutes: FastifyPluginAsyncZod<{ customerMenu: CustomerMenuService }> = async (
  app,
  { customerMenu },
) => {
  app.get(
    '/customer/display-menu/:token',
    {
      // Already compressed, once, in published-menus.ts.
      compress: false,
      schema: {
        tags: ['Diners'],
        params: DisplayMenuParams,
        querystring: DisplayMenuQuery,
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
      // Serialised, compressed and tagged once per change of the menu (published-menus.ts), so
      // the route only picks the bytes: the hot path after every QR scan.
      // A table's code adds ?table=N: checked, but the answer is the same for every table.
      const answer = await customerMenu.display(request.params.token, request.query.table);
      reply
        .header('ETag', answer.etag)
        .header('Cache-Control', 'public, max-age=0, must-revalidate')
        .header('Vary', 'Accept-Encoding');
      // Phones on a weak network revalidate with If-None-Match and get an empty 304 back while
      // the menu is unchanged. No payload at all: a Content-Length for one stalls keep-alive clients.
      if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send(undefined);
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      // Fastify sends a Buffer as it is: the schema above documents what these bytes hold.
      const bytes = answer[encoding] as unknown as DisplayMenuResponse;
      return reply.type('application/json; charset=utf-8').send(bytes);
    },
  );
};
