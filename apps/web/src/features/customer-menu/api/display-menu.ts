import type { DisplayMenuResponse } from '@tableserve/contract/customer-menu';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '@/lib/api-client';
import { checkDisplayMenu } from '../lib/display-menu-shape';

/** GET /customer/display-menu/{token} (customer-side §7): the restaurant and its menu. */
export async function getDisplayMenu(token: string, signal?: AbortSignal): Promise<DisplayMenuResponse> {
  const response = await apiRequest<unknown>(`/customer/display-menu/${encodeURIComponent(token)}`, {
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

export const displayMenuQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['display-menu', token],
    queryFn: ({ signal }) => getDisplayMenu(token, signal),
    // The server answers a revalidation with an empty 304 while the menu is unchanged, so a
    // short freshness window is cheap and still shows the owner's edits soon.
    staleTime: 60_000,
    retry: retryTransientFailures,
  });

export function useDisplayMenu(token: string | null) {
  return useQuery({ ...displayMenuQueryOptions(token ?? ''), enabled: token !== null });
}
