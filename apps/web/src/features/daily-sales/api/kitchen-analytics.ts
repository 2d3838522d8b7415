import { KitchenAnalyticsResponse } from '@tableserve/contract/kitchen-analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffOrderKeys } from '@/orders/api/staff-order-keys';

export type KitchenAnalyticsRange = { from: string; to: string; lateAfter: number };

/** GET /owner/restaurant/{restaurant_id}/kitchen-analytics (ADR 014): business days from..to. */
export async function getKitchenAnalytics(
  restaurantId: number,
  token: string,
  range: KitchenAnalyticsRange,
  signal?: AbortSignal,
): Promise<KitchenAnalyticsResponse> {
  const query = new URLSearchParams({
    from: range.from,
    to: range.to,
    late_after: String(range.lateAfter),
  });
  const body = await apiRequest<unknown>(`/owner/restaurant/${restaurantId}/kitchen-analytics?${query}`, {
    token,
    signal,
  });
  return KitchenAnalyticsResponse.parse(body);
}

/** Asked only while the report's Kitchen view is open (`range` null otherwise). */
export function useKitchenAnalytics(
  restaurantId: number,
  token: string,
  range: KitchenAnalyticsRange | null,
) {
  return useQuery(
    queryOptions({
      queryKey: staffOrderKeys.kitchenAnalytics(restaurantId, range ?? {}),
      queryFn: ({ signal }) => getKitchenAnalytics(restaurantId, token, range!, signal),
      enabled: range !== null,
      staleTime: 0,
    }),
  );
}
