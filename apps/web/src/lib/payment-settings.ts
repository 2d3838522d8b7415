import { GetPaymentSettingsResponse } from '@tableserve/contract/payment-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /restaurant/payment-settings/{restaurant_id}: shared, as the Payments & taxes screen edits
 * them and Menu Management's item form offers the tax rates.
 */
export const paymentSettingsQueryKey = (restaurantId: number) => ['payment-settings', restaurantId] as const;

export async function getPaymentSettings(restaurantId: number, token: string) {
  const response = await apiRequest<unknown>(`/restaurant/payment-settings/${restaurantId}`, { token });
  return GetPaymentSettingsResponse.parse(response).data;
}

export const paymentSettingsQueryOptions = (restaurantId: number, token: string) =>
  queryOptions({
    queryKey: paymentSettingsQueryKey(restaurantId),
    queryFn: () => getPaymentSettings(restaurantId, token),
  });

export const usePaymentSettings = (restaurantId: number, token: string, enabled = true) =>
  useQuery({ ...paymentSettingsQueryOptions(restaurantId, token), enabled });
