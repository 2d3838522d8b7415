// The server's entry (Vite's SSR build, docs/performance.md): paints a page as HTML with the app's
// own components, for the browser to hydrate (main.tsx). Loaded by the server at run time
// (apps/server/src/plugins/web.ts) and at build time for the page prerendered (build/server-entry.ts).
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { jsonForScriptElement, SERVER_MENU_ID, type ServerMenu, seedServerMenu } from '@/menu/server-menu';
import { menuToOpen } from '@/session/diner/remember-restaurant';
import { App, createQueryClient } from './app';
import { AppRoutes, loadPagesOf } from './router';

const ROOT = '<div id="root"></div>';

/**
 * The built index.html (`template`) with `url`'s page painted in its root. For /menu-display,
 * `menuJson` is the menu's answer as the API sends it: the page is painted from it, and it is
 * placed beside the root, as data the browser does not run, for the app to start from
 * instead of asking for it again. The page's <title> replaces the template's.
 */
export async function renderPage(url: string, template: string, menuJson?: string): Promise<string> {
  const location = new URL(url, 'http://localhost');
  const queryClient = createQueryClient();
  let data = '';
  if (menuJson !== undefined) {
    const { token, table } = menuToOpen(location.searchParams);
    if (token === null) throw new Error('A menu is painted only for a URL with its token');
    const serverMenu: ServerMenu = { token, table, menu: JSON.parse(menuJson) };
    seedServerMenu(queryClient, serverMenu);
    data = `<script type="application/json" id="${SERVER_MENU_ID}">${jsonForScriptElement(JSON.stringify(serverMenu))}</script>`;
  }
  await loadPagesOf(location);
  // prerender, not renderToString: it waits for the lazy parts (the header's account button), so the
  // HTML is whole and hydration has no boundary to redo. Every boundary inline, in order: React
  // would otherwise move large ones to the end with inline scripts, which the CSP (script-src
  // 'self') refuses to run.
  const { prelude } = await prerender(
    <App queryClient={queryClient}>
      <StaticRouter location={`${location.pathname}${location.search}`}>
        <AppRoutes />
      </StaticRouter>
    </App>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const { title, body } = withoutTitle(await new Response(prelude).text());
  if (!template.includes(ROOT)) throw new Error('index.html has no empty root to paint into');
  const page = template.replace(ROOT, () => `<div id="root">${body}</div>${data}`);
  return title ? page.replace(/<title>[^<]*<\/title>/, () => title) : page;
}

/** React writes a page's hoisted <title> ahead of its markup; it belongs in the head, in place of the template's. */
function withoutTitle(html: string): { title: string | undefined; body: string } {
  const title = /<title>[^<]*<\/title>/.exec(html)?.[0];
  return { title, body: title ? html.replace(title, '') : html };
}
