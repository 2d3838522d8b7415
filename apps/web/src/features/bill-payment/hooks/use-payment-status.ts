import { useQuery } from '@tanstack/react-query';
import { type BillAccess, fetchPayment } from '../api/bill-api';

/** How often the page asks after a payment being confirmed, should the live channel be silent. */
const PAYMENT_POLL_MS = 2000;

/**
 * The diner's payment until the provider's webhook settles it (ADR 020): asked every 2 s as a
 * fallback to the live channel, which fetches it again on every 'bill.updated'.
 */
export function usePaymentStatus(billId: number | null, paymentId: number | null, access: BillAccess) {
  return useQuery({
    queryKey: ['bill', billId, 'payment', paymentId],
    queryFn: () => fetchPayment(billId ?? 0, paymentId ?? 0, access),
    enabled: billId !== null && paymentId !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' || !query.state.data ? PAYMENT_POLL_MS : false,
  });
}
