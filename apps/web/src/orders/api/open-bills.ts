import { type OpenBillSummary, OpenBillsResponse } from '@tableserve/contract/bills';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffOrderKeys } from './staff-order-keys';

/** GET /bills/open/{restaurant_id}: each table's open bill, and those paid in the last 2 hours. */
export async function getOpenBills(
  restaurantId: number,
  token: string,
  signal?: AbortSignal,
): Promise<OpenBillsResponse> {
  const body = await apiRequest<unknown>(`/bills/open/${restaurantId}`, { token, signal });
  return OpenBillsResponse.parse(body);
}

export function useOpenBills(restaurantId: number, token: string) {
  return useQuery({
    queryKey: staffOrderKeys.openBills(restaurantId),
    queryFn: ({ signal }) => getOpenBills(restaurantId, token, signal),
    staleTime: 0,
  });
}

/** The list with `bill` in its place (a bill new to the list is added; the refetch orders it). */
export function withBill(data: OpenBillsResponse | undefined, bill: OpenBillSummary) {
  if (!data) return data;
  const listed = data.bills.some((each) => each.bill_id === bill.bill_id);
  return {
    bills: listed
      ? data.bills.map((each) => (each.bill_id === bill.bill_id ? bill : each))
      : [...data.bills, bill],
  };
}
