import { CustomerOrdersResponse } from '@tableserve/contract/order';
import { MAX_PER_PAGE } from '@tableserve/contract/pagination';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { retryServerErrors } from './retry';

/** GET /customer/{customer_id}/orders with the diner's bearer (docs/product/api-conventions.md#api-calls), newest first. */
export async function getCustomerOrders(
  customerId: number,
  token: string,
  page: number,
  signal?: AbortSignal,
): Promise<z.infer<typeof CustomerOrdersResponse>> {
  const body = await apiRequest<unknown>(
    `/customer/${customerId}/orders?page=${page}&per_page=${MAX_PER_PAGE}`,
    { token, signal },
  );
  return CustomerOrdersResponse.parse(body);
}

export const customerOrdersQueryKey = (customerId: number) => ['customer-orders', customerId] as const;

/** Pages of the largest size the server allows; a diner rarely has more than one. */
export const customerOrdersQueryOptions = (customerId: number, token: string) =>
  infiniteQueryOptions({
    queryKey: customerOrdersQueryKey(customerId),
    queryFn: ({ pageParam, signal }) => getCustomerOrders(customerId, token, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: ({ pagination }) =>
      pagination.page < pagination.total_pages ? pagination.page + 1 : undefined,
    retry: retryServerErrors,
  });

export function useCustomerOrders(customerId: number, token: string) {
  return useInfiniteQuery(customerOrdersQueryOptions(customerId, token));
}
