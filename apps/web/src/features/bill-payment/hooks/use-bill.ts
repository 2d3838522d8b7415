import type { BillView } from '@tableserve/contract/bills';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useLiveSocket } from '@/hooks/use-live-socket';
import { ApiRequestError } from '@/lib/api-client';
import type { SocketTableCode } from '@/lib/socket';
import { type BillAccess, fetchBill } from '../api/bill-api';
import { lastBillPaidAt } from '../lib/receipts';

/** The table's code opens no bill: 404 NO_OPEN_BILL. */
const noOpenBill = (error: unknown) =>
  error instanceof ApiRequestError &&
  error.status === 404 &&
  (error.body as { code?: unknown } | undefined)?.code === 'NO_OPEN_BILL';

/**
 * The table's open bill; once it is paid in full the table's code opens none, and a diner who
 * paid it from this tab reads it by its id (their receipts are kept with it) rather than being
 * told there is nothing to pay.
 */
async function tableOrPaidBill(billId: number | null, access: BillAccess): Promise<BillView> {
  try {
    return await fetchBill(billId, access);
  } catch (error) {
    const code = access.tableCode;
    const paid = billId === null && code && noOpenBill(error) ? lastBillPaidAt(code.token, code.table) : null;
    if (paid === null) throw error;
    return fetchBill(paid, access);
  }
}

const billQueryKey = (billId: number | null, access: BillAccess) =>
  [
    'bill',
    billId ?? `${access.tableCode?.token}:${access.tableCode?.table}:${access.tableCode?.key}`,
  ] as const;

/**
 * What the live channel proves: the table's code when it has its key (the server refuses one
 * without), else the diner's login (their own bill), else nothing.
 */
function liveCredential({ tableCode, customerToken }: BillAccess): string | SocketTableCode | null {
  if (tableCode?.key) return { token: tableCode.token, table: tableCode.table, key: tableCode.key };
  return customerToken;
}

/**
 * The bill, followed live (ADR 020): every 'bill.updated' of the table (someone paid, an order
 * joined) fetches it again, as does a reconnection, since events may have been missed.
 *
 * /bill?token&table asks for the table's open bill once; from its answer on, the page follows
 * that bill by its id (GET /bills/{id} with the table's code). The table's read answers only an
 * open bill, so once the last share is confirmed it would answer 404 and the page would keep its
 * last figures, "Being paid" included, for good; the bill's own read answers it paid.
 */
export function useBill(billId: number | null, access: BillAccess, { enabled = true } = {}) {
  const queryClient = useQueryClient();
  const key = billQueryKey(billId, access);
  const followed = useRef(billId);
  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      const bill = await tableOrPaidBill(followed.current, access);
      followed.current = bill.bill_id;
      return bill;
    },
    enabled,
  });
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ['bill'] }), [queryClient]);
  const live = useLiveSocket({
    restaurantId: query.data?.restaurant_id ?? null,
    token: liveCredential(access),
    on: { 'bill.updated': () => void refresh() },
    onCatchUp: () => void refresh(),
  });
  /** A bill the server answered with (a payment, a 409): shown at once. */
  const replace = useCallback(
    (bill: BillView) => {
      followed.current = bill.bill_id;
      queryClient.setQueryData(key, bill);
    },
    [queryClient, key],
  );
  return { query, live, refresh, replace };
}
