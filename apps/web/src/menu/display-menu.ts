import type { DisplayMenuResponse } from '@tableserve/contract/customer-menu';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '@/lib/api-client';
import type { MenuToOpen } from '@/session/diner/remember-restaurant';
import { checkDisplayMenu } from './display-menu-shape';

/**
 * GET /customer/display-menu/{token} (docs/product/api-conventions.md#api-calls): the restaurant and its menu. From a
 * table's code with ?table=N, which the server checks against the restaurant's tables (ADR 013);
 * the URL is the one the server's preload names, so the preloaded answer is the one used.
 */
export async function getDisplayMenu(
  token: string,
  table: number | null,
  signal?: AbortSignal,
): Promise<DisplayMenuResponse> {
  const search = table === null ? '' : `?table=${table}`;
  const response = await apiRequest<unknown>(`/customer/display-menu/${encodeURIComponent(token)}${search}`, {
    signal,
  });
  return checkDisplayMenu(response);
}

/**
 * A 4xx (unknown token, lapsed subscription, empty menu) will not change by asking again; a
 * dropped connection on a weak phone network often will, so those get two more tries.
 */
const retryTransientFailures = (failureCount: number, error: unknown) =>
  failureCount < 2 && !(error instanceof ApiRequestError && error.status !== undefined && error.status < 500);

export const displayMenuQueryOptions = (token: string, table: number | null) =>
  queryOptions({
    queryKey: ['display-menu', token, table],
    queryFn: ({ signal }) => getDisplayMenu(token, table, signal),
    // The server answers a revalidation with an empty 304 while the menu is unchanged, so a
    // short freshness window is cheap and still shows the owner's edits soon.
    staleTime: 60_000,
    retry: retryTransientFailures,
  });

export function useDisplayMenu({ token, table }: MenuToOpen) {
  return useQuery({ ...displayMenuQueryOptions(token ?? '', table), enabled: token !== null });
}
