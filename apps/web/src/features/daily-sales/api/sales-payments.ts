import { SalesPaymentsResponse } from '@tableserve/contract/sales-money';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /sales/payments?date= (docs/decisions/020-money-model.md#refunds): one business day's money. */
export async function getSalesPayments(token: string, date: string, signal?: AbortSignal) {
  const body = await apiRequest<unknown>(`/sales/payments?date=${encodeURIComponent(date)}`, {
    token,
    signal,
  });
  return SalesPaymentsResponse.parse(body);
}

/** Asked only when the Money view is open (null: skipped). */
export const salesPaymentsQueryOptions = (token: string, date: string | null) =>
  queryOptions({
    queryKey: ['sales-payments', date ?? ''] as const,
    queryFn: ({ signal }) => getSalesPayments(token, date!, signal),
    enabled: Boolean(date),
    staleTime: 0,
  });

export function useSalesPayments(token: string, date: string | null) {
  return useQuery(salesPaymentsQueryOptions(token, date));
}
