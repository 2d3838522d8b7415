import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { ApiRequestError } from '@/lib/api-client';
import { ToastHost } from './toast-host';

/** 503: one of the server's bounded lines is full (docs/decisions/024-bounded-work.md), for seconds. */
const busy = (error: unknown) => error instanceof ApiRequestError && error.status === 503;

/** A read that failed is asked once more; one the server was too busy for, three times. */
export const retryRead = (failures: number, error: unknown) => failures < (busy(error) ? 3 : 1);

/** Busy: 2, 4 and 6 s later (the server's Retry-After is 2 s); otherwise React Query's backoff. */
export const retryReadDelay = (failures: number, error: unknown) =>
  busy(error) ? 2000 * (failures + 1) : Math.min(1000 * 2 ** failures, 30_000);

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryRead,
        retryDelay: retryReadDelay,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
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
