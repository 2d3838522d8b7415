import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ComponentType, StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';

type RenderRouteOptions = {
  /** The route pattern the page is mounted at. */
  path: string;
  /** The URL the test opens; defaults to `path`. */
  url?: string;
  /** Other paths the page may navigate to; each renders "Page <path>". */
  destinations?: string[];
  strict?: boolean;
};

/** Renders one page inside a memory data router and a fresh query client, as the app does. */
export function renderRoute(
  Page: ComponentType,
  { path, url, destinations = [], strict }: RenderRouteOptions,
) {
  // jsdom has no layout, so scrolling is a no-op there.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, Component: Page },
      ...destinations.map((destination) => ({ path: destination, element: <p>Page {destination}</p> })),
    ],
    { initialEntries: [url ?? path] },
  );
  const tree = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...result, router, queryClient };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export type FetchCall = { url: string; method: string; body: unknown; headers: Record<string, string> };

/**
 * Replaces global fetch, the app's one outside boundary, with a handler that answers by URL.
 * `calls()` lists what the app sent, with parsed JSON bodies.
 */
export function stubFetch(handler: (call: FetchCall) => Response | Promise<Response>) {
  const toCall = (input: RequestInfo | URL, init: RequestInit = {}): FetchCall => ({
    url: String(input),
    method: init.method ?? 'GET',
    body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    headers: (init.headers ?? {}) as Record<string, string>,
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    handler(toCall(input, init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls: () => fetchMock.mock.calls.map(([input, init]) => toCall(input, init)),
  };
}

/** A promise the test settles by hand, to hold a request in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
