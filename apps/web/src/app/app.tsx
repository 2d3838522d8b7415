import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { ToastHost } from './toast-host';

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });

/**
 * The app around its router: the same tree in the browser (main.tsx) and on the server, which
 * paints the menu, the landing page and the login page as HTML (./entry-server.tsx), so the
 * browser's first render matches the server's markup and hydrates it.
 */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {children}
        <ToastHost />
      </QueryClientProvider>
    </StrictMode>
  );
}
