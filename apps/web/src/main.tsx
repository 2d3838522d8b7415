// First: switches zod's JIT off before any page builds a schema (lib/zod-jitless).
import './lib/zod-jitless';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, createQueryClient } from './app/app';
import { AppRoutes, loadPagesOf } from './app/router';
import './index.css';
import { isMissingChunk, reloadForNewBuild } from './lib/reload-for-new-build';
import { SERVER_MENU_ID, type ServerMenu, seedServerMenu } from './menu/server-menu';

// Vite's signal that a lazy chunk or its stylesheet failed to load, from any dynamic import, not
// only a page's: after a deploy, reload onto the new build once. The error still reaches whoever
// awaited the import (a page's boundary shows the error page once the reload is spent).
window.addEventListener('vite:preloadError', (event) => {
  if (isMissingChunk(event.payload)) reloadForNewBuild();
});

const queryClient = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

/**
 * Whether the server painted the page (app/entry-server.tsx): then the app hydrates its HTML, and a
 * menu it was painted from goes into the query cache, so the page does not ask for it again.
 * A menu that cannot be read is asked for as usual, and the page drawn afresh.
 */
function startsFromServerHtml(): boolean {
  if (!root?.hasChildNodes()) return false;
  const menu = document.getElementById(SERVER_MENU_ID)?.textContent;
  if (!menu) return true;
  try {
    seedServerMenu(queryClient, JSON.parse(menu) as ServerMenu);
    return true;
  } catch {
    return false;
  }
}

// Not a top-level await: page chunks import shared code from this entry module, and would wait
// for it while it waits for them. A page whose code fails to load shows the error page of its
// boundary in the layout.
void loadPagesOf(window.location)
  .catch(() => undefined)
  .then(() => {
    const app = (
      <App queryClient={queryClient}>
        {/* Without transitions the address and the page change together: a page whose code is still
        loading shows its spinner, never the previous page under the new address. */}
        <BrowserRouter useTransitions={false}>
          <AppRoutes />
        </BrowserRouter>
      </App>
    );
    if (startsFromServerHtml()) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
