import type { IncomingMessage } from 'node:http';
import { DisplayMenuParams, DisplayMenuQuery } from '@tableserve/contract/customer-menu';
import type { FastRoute } from '../../plugins/fast-answers';
import type { CustomerMenuService } from './customer-menu.service';
import { menuReply } from './menu-replies';

/** The diner's menu route as the app registers it (customer-menu.routes.ts under /api/v1). */
export const DISPLAY_MENU_ROUTE = '/api/v1/customer/display-menu/:token';
const DISPLAY_MENU_PATH = DISPLAY_MENU_ROUTE.slice(0, -':token'.length);

const tokenRule = DisplayMenuParams.shape.token;
/** The one query the fast path answers: a table's code (?table=N), as its QR code writes it. */
const TABLE_QUERY = /^table=(\d{1,6})$/;

/**
 * The table a query names, checked by the route's own schema; null without a query; undefined
 * for any other query (Fastify answers it, or refuses it with its 400).
 */
function tableOf(query: string | undefined): number | null | undefined {
  if (query === undefined) return null;
  const value = TABLE_QUERY.exec(query)?.[1];
  const parsed = value === undefined ? undefined : DisplayMenuQuery.safeParse({ table: value });
  return parsed?.success ? parsed.data.table : undefined;
}

/**
 * The menu after every QR scan, answered before Fastify (plugins/fast-answers.ts) when it is ready
 * in memory: cached, open and encoded. The token (or id) must pass the route's own schema as it
 * is written, and a query may only name a table (?table=N, from a table's QR code): anything
 * Fastify would decode, another query, a refusal (a table the restaurant no longer has) or a menu
 * not cached yet goes to the Fastify route, which answers as it always has.
 */
export function menuFastPath(customerMenu: CustomerMenuService): FastRoute {
  return {
    url: DISPLAY_MENU_ROUTE,
    answer(request: IncomingMessage) {
      const url = request.url ?? '';
      if (!url.startsWith(DISPLAY_MENU_PATH)) return undefined;
      const queryAt = url.indexOf('?');
      const tokenOrId = url.slice(DISPLAY_MENU_PATH.length, queryAt < 0 ? undefined : queryAt);
      // The schema's characters leave out '/' and '%': an encoded path fails here.
      if (!tokenRule.safeParse(tokenOrId).success) return undefined;
      const table = tableOf(queryAt < 0 ? undefined : url.slice(queryAt + 1));
      if (table === undefined) return undefined;
      const answer = customerMenu.readyAnswer(tokenOrId, table ?? undefined);
      return answer && menuReply(answer, request.headers);
    },
  };
}
