import { PublicConfigResponse } from '@tableserve/contract/public-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const publicConfigQueryKey = ['public-config'] as const;

/** GET /public-config: the server's settings for the browser (docs/product/platform.md#maps). */
export async function getPublicConfig(): Promise<PublicConfigResponse> {
  return PublicConfigResponse.parse(await apiRequest<unknown>('/public-config'));
}

/** Read once per visit: it changes only when the server restarts with other settings. */
export const publicConfigQueryOptions = queryOptions({
  queryKey: publicConfigQueryKey,
  queryFn: getPublicConfig,
  staleTime: Number.POSITIVE_INFINITY,
  // Without it the page still works (plain address fields), so one failure is enough.
  retry: false,
});

/** The Google Maps browser key, or null: none configured, not loaded yet, or the request failed. */
export function useGoogleMapsApiKey(): string | null {
  return useQuery(publicConfigQueryOptions).data?.google_maps_api_key ?? null;
}
