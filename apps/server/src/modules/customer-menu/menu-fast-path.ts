import type { IncomingMessage } from 'node:http';
import { DisplayMenuParams } from '@tableserve/contract/customer-menu';
import type { FastRoute } from '../../plugins/fast-answers';
import type { CustomerMenuService } from './customer-menu.service';
import { menuReply } from './menu-replies';

/** The diner's menu route as the app registers it (customer-menu.routes.ts under /api/v1). */
export const DISPLAY_MENU_ROUTE = '/api/v1/customer/display-menu/:token';
const DISPLAY_MENU_PATH = DISPLAY_MENU_ROUTE.slice(0, -':token'.length);

const tokenRule = DisplayMenuParams.shape.token;

/**
 * The menu after every QR scan, answered before Fastify (plugins/fast-answers.ts) when it is ready
 * in memory: cached, open and encoded. The token (or id) must pass the route's own schema as it
 * is written: anything Fastify would decode, a query (a table's ?table=N), a refusal or a menu
 * not cached yet goes to the Fastify route, which answers as it always has.
 */
export function menuFastPath(customerMenu: CustomerMenuService): FastRoute {
  return {
    url: DISPLAY_MENU_ROUTE,
    answer(request: IncomingMessage) {
      const url = request.url ?? '';
      if (!url.startsWith(DISPLAY_MENU_PATH)) return undefined;
      const tokenOrId = url.slice(DISPLAY_MENU_PATH.length);
      // The schema's characters leave out '?', '/' and '%': a query or an encoded path fails here.
      if (!tokenRule.safeParse(tokenOrId).success) return undefined;
      const answer = customerMenu.readyAnswer(tokenOrId);
      return answer && menuReply(answer, request.headers);
    },
  };
}
