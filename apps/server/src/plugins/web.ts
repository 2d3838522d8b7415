import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { DisplayMenuParams, DisplayMenuQuery } from '@tableserve/contract/customer-menu';
import { serverMessages } from '@tableserve/contract/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { preferredEncoding } from '../lib/precompressed';
import type { CustomerMenuService } from '../modules/customer-menu/customer-menu.service';
import type { EncodedAnswer } from '../modules/customer-menu/published-menus';
import { type PagePainter, pagePainter } from './page-painter';

/** A diner's menu that opens (ADR 013: a rotated token, a table past the restaurant's tables or a lapsed subscription does not). */
type MenuToPaint = { answer: EncodedAnswer; apiPath: string; pagePath: string };

/**
 * The menu `/menu-display?token=…` shows, looked up as the page's own call would look it up (the
 * lookup warms the menu cache that call reads); undefined for any other page and for a menu that
 * does not open, whose page then says why, as before.
 */
async function menuOf(
  request: FastifyRequest,
  customerMenu: CustomerMenuService,
): Promise<MenuToPaint | undefined> {
  const url = new URL(request.url, 'http://localhost');
  if (url.pathname !== '/menu-display') return undefined;
  const params = DisplayMenuParams.safeParse({ token: url.searchParams.get('token')?.trim() });
  const table = url.searchParams.get('table');
  const query = DisplayMenuQuery.safeParse(table === null ? {} : { table });
  if (!params.success || !query.success) return undefined;
  try {
    const answer = await customerMenu.display(params.data.token, query.data.table);
    const token = encodeURIComponent(params.data.token);
    const table = query.data.table === undefined ? '' : `table=${query.data.table}`;
    return {
      answer,
      apiPath: `/api/v1/customer/display-menu/${token}${table && `?${table}`}`,
      // The page as painted, whatever else its link carries: one painting serves every scan of the code.
      pagePath: `/menu-display?token=${token}${table && `&${table}`}`,
    };
  } catch (error) {
    if (!(error instanceof AppError)) request.log.warn({ err: error }, 'menu page: lookup failed');
    return undefined;
  }
}

/**
 * The menu's page painted from its menu (docs/performance.md): HTML the phone shows before any
 * script runs, with the menu inside for the app to start from, so its JSON is not asked for
 * again. Without the server's entry (a build without it) or when painting fails, the plain
 * page, with the menu preloaded instead: the phone fetches it while it downloads the scripts,
 * with the page's own URL and mode, so the page's fetch finds it.
 */
async function sendMenuPage(reply: FastifyReply, painter: PagePainter, menu: MenuToPaint) {
  try {
    const { etag, identity } = menu.answer;
    const page = await painter.paint(menu.pagePath, { etag, json: identity });
    if (page !== undefined) {
      // Compressed with the painting: @fastify/compress leaves an answer with its encoding alone.
      const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      reply.header('Vary', 'Accept-Encoding');
      return reply.type('text/html; charset=utf-8').send(page[encoding]);
    }
  } catch (error) {
    reply.log.error({ err: error }, 'menu page: painting failed, sending the plain page');
  }
  reply.header('Link', `<${menu.apiPath}>; rel=preload; as=fetch; crossorigin=anonymous`);
  return reply.sendFile('index.html', { cacheControl: false });
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

  const painter = webDistDir ? pagePainter(webDistDir) : undefined;
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      // A missing script is a 404, not the page: a tab still running an older build then fails
      // its lazy import cleanly instead of parsing HTML as JavaScript.
      !request.url.startsWith('/assets/');
    if (wantsPage && painter) {
      reply.header('Cache-Control', 'no-cache');
      const menu = await menuOf(request, customerMenu);
      if (menu) return sendMenuPage(reply, painter, menu);
      const prerendered = await painter.prerendered(request.url);
      if (prerendered) return reply.sendFile(prerendered, { cacheControl: false, dotfiles: 'allow' });
      return reply.sendFile('index.html', { cacheControl: false });
    }
    return reply.code(404).send({ message: serverMessages.notFound, code: 'NOT_FOUND' });
  });
}
