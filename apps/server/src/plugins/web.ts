import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { DisplayMenuParams, DisplayMenuQuery } from '@tableserve/contract/customer-menu';
import { serverMessages } from '@tableserve/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import type { CustomerMenuService } from '../modules/customer-menu/customer-menu.service';

/**
 * The menu a diner's page is about to ask for, as a preload: the phone fetches it while it
 * downloads the scripts, instead of after running them (a round trip less before the menu shows).
 * Matches the page's own fetch: same URL (with a table's ?table=N), a same-origin CORS-mode
 * request. Only for a menu that opens: a rotated token, a table past the restaurant's tables or a
 * lapsed subscription preloads nothing (ADR 013), and the lookup warms the menu cache the page's
 * own call then reads.
 */
async function menuPreload(request: FastifyRequest, customerMenu: CustomerMenuService) {
  const url = new URL(request.url, 'http://localhost');
  if (url.pathname !== '/menu-display') return undefined;
  const params = DisplayMenuParams.safeParse({ token: url.searchParams.get('token')?.trim() });
  const table = url.searchParams.get('table');
  const query = DisplayMenuQuery.safeParse(table === null ? {} : { table });
  if (!params.success || !query.success) return undefined;
  try {
    await customerMenu.display(params.data.token, query.data.table);
  } catch (error) {
    if (!(error instanceof AppError)) request.log.warn({ err: error }, 'menu preload: lookup failed');
    return undefined;
  }
  const search = query.data.table === undefined ? '' : `?table=${query.data.table}`;
  const menu = `/api/v1/customer/display-menu/${encodeURIComponent(params.data.token)}${search}`;
  return `<${menu}>; rel=preload; as=fetch; crossorigin=anonymous`;
}

/**
 * Serves the built single-page app, precompressed. Hashed assets are cached for a year; index.html
 * is always revalidated so a deploy reaches phones at once. Unknown non-API GETs get index.html so the
 * client router can take them (deep links from a QR code, a reload on /cart).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string | undefined,
  customerMenu: CustomerMenuService,
) {
  if (webDistDir) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // Each request looks its file up, instead of the files listed once at start: a build
      // published while the server runs (apps/web/build/publish.ts) is served at once, and the
      // previous builds' assets with it.
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each text asset; the browser gets the best it accepts.
      preCompressed: true,
      // Source maps stay on the server's disk for error tooling; the public never gets the sources.
      // A directory (`/`, a client route ending in `/`) goes to the page below, not a 403.
      allowedPath: (pathname) => !pathname.endsWith('.map') && !pathname.endsWith('/'),
      // The headers below decide caching, not the plugin's default max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A cache between us and the phone must keep the brotli, gzip and plain copies apart.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      // A missing script is a 404, not the page: a tab still running an older build then fails
      // its lazy import cleanly instead of parsing HTML as JavaScript.
      !request.url.startsWith('/assets/') &&
      webDistDir;
    if (wantsPage) {
      const preload = await menuPreload(request, customerMenu);
      if (preload) reply.header('Link', preload);
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', { cacheControl: false });
    }
    return reply.code(404).send({ message: serverMessages.notFound, code: 'NOT_FOUND' });
  });
}
