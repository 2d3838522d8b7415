// First: switches zod's JIT off before any page builds a schema (lib/zod-jitless).
import './lib/zod-jitless';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, loadPagesOf } from './app/router';
import { ToastHost } from './app/toast-host';
import './index.css';
import { isMissingChunk, reloadForNewBuild } from './lib/reload-for-new-build';

// Vite's signal that a lazy chunk or its stylesheet failed to load, from any dynamic import, not
// only a page's: after a deploy, reload onto the new build once. The error still reaches whoever
// awaited the import (a page's boundary shows the error page once the reload is spent).
window.addEventListener('vite:preloadError', (event) => {
  if (isMissingChunk(event.payload)) reloadForNewBuild();
});

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// Not a top-level await: page chunks import shared code from this entry module, and would wait
// for it while it waits for them. A page whose code fails to load shows the error page of its
// boundary in the layout.
void loadPagesOf(window.location)
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          {/* Without transitions the address and the page change together: a page whose code is still
          loading shows its spinner, never the previous page under the new address. */}
          <BrowserRouter useTransitions={false}>
            <AppRoutes />
          </BrowserRouter>
          <ToastHost />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
