import type { BillView } from '@tableserve/contract/bills';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * Whether the table of a card (its menu token, table and key: docs/decisions/025-table-keys.md)
 * has something to pay: its open bill has something left or being paid. "View bill & pay" shows
 * only then, never leading to an empty bill (docs/product/payments.md#split-bill). A table with no
 * open bill answers 404: nothing to pay. A failure to ask leaves the link out too; the status page
 * and the next visit of the menu ask again.
 */
export function useTableOwes(code: { token: string; table: number; key: string } | null): boolean {
  const query = useQuery({
    queryKey: ['table-owes', code?.token, code?.table, code?.key],
    queryFn: async () => {
      if (!code) return false;
      const search = new URLSearchParams({ token: code.token, table: String(code.table), key: code.key });
      try {
        const bill = await apiRequest<BillView>(`/table-bill?${search}`);
        return bill.status === 'open' && (bill.outstanding > 0 || bill.pending > 0);
      } catch {
        return false;
      }
    },
    enabled: code !== null,
    retry: false,
  });
  return query.data === true;
}
