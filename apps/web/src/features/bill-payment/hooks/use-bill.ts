import type { BillView } from '@tableserve/contract/bills';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveSocket } from '@/hooks/use-live-socket';
import { type BillAccess, fetchBill } from '../api/bill-api';

const billQueryKey = (billId: number | null, access: BillAccess) =>
  ['bill', billId ?? `${access.tableCode?.token}:${access.tableCode?.table}`] as const;

/**
 * The bill, followed live (ADR 020): every 'bill.updated' of the table (someone paid, an order
 * joined) fetches it again, as does a reconnection, since events may have been missed.
 */
export function useBill(billId: number | null, access: BillAccess) {
  const queryClient = useQueryClient();
  const key = billQueryKey(billId, access);
  const query = useQuery({ queryKey: key, queryFn: () => fetchBill(billId, access) });
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ['bill'] }), [queryClient]);
  const live = useLiveSocket({
    restaurantId: query.data?.restaurant_id ?? null,
    token: access.tableCode ?? access.customerToken,
    on: { 'bill.updated': () => void refresh() },
    onCatchUp: () => void refresh(),
  });
  /** A bill the server answered with (a payment, a 409): shown at once. */
  const replace = useCallback((bill: BillView) => queryClient.setQueryData(key, bill), [queryClient, key]);
  return { query, live, refresh, replace };
}
