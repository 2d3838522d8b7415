import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { ClipboardCheck } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatDollars } from '@/lib/money';

type OrderTotalBarProps = {
  /** The estimate from the menu's prices (the server prices the order anyway). */
  total: number;
  /** The server's words when it refused the order. */
  serverMessage: string | undefined;
  placing: boolean;
};

/** The foot of the Place Order form: the server's refusal, the estimated total and Place Order. */
export function OrderTotalBar({ total, serverMessage, placing }: OrderTotalBarProps) {
  return (
    <div className="flex flex-col gap-4 rounded-b-2xl border-t border-stone-200 bg-stone-50/80 px-5 py-5 md:px-8">
      {serverMessage && <Alert type="error">{serverMessage}</Alert>}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <label htmlFor="place-order-total" className="text-sm font-medium text-stone-600">
            Estimated total
          </label>
          <output id="place-order-total" className="block text-2xl font-bold text-stone-900 tabular-nums">
            {formatDollars(total)}
          </output>
          <p className="text-xs text-stone-500">Priced from your menu when the order is placed.</p>
        </div>
        <Button type="submit" size="lg" busy={placing} className="w-full sm:w-auto sm:min-w-48">
          {!placing && <ClipboardCheck className="size-4" aria-hidden />}
          {placing ? ownerOrderMessages.placingOrder : ownerOrderMessages.placeOrder}
        </Button>
      </div>
    </div>
  );
}
