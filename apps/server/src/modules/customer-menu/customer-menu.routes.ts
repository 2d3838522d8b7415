import { DisplayMenuParams, DisplayMenuQuery, DisplayMenuResponse } from '@tableserve/contract/customer-menu';
import { ApiError } from '@tableserve/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CustomerMenuService } from './customer-menu.service';
import { menuReply } from './menu-replies';

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
      // the route only picks the bytes: the hot path after every QR scan. A menu ready in memory
      // is answered before Fastify sees the request (menu-fast-path.ts); this route answers the rest.
      // A table's code adds ?table=N: checked, but the answer is the same for every table.
      const answer = await customerMenu.display(request.params.token, request.query.table);
      const { statusCode, headers, body } = menuReply(answer, request.headers);
      for (let index = 0; index < headers.length; index += 2)
        reply.header(headers[index]!, headers[index + 1]);
      // Fastify sends a Buffer as it is: the schema above documents what these bytes hold.
      return reply.code(statusCode).send(body as unknown as DisplayMenuResponse);
    },
  );
};
