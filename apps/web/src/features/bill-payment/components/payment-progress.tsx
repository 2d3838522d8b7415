import { billPageMessages } from '@tableserve/contract/bill-page';
import { type BillPayment, billMessages } from '@tableserve/contract/bills';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDollars } from '@/lib/money';
import { receiptUrl } from '../api/bill-api';
import type { StoredPayment } from '../lib/receipts';

type PaymentProgressProps = {
  stored: StoredPayment;
  /** The payment as last read; undefined before the first answer. */
  payment: BillPayment | undefined;
  /** What the bill still asks of the table. */
  outstanding: number;
};

/**
 * The diner's payment after Pay: being confirmed (the provider's webhook decides, never the
 * browser), then paid with the receipt to download and what is left for the others, or failed.
 */
export function PaymentProgress({ stored, payment, outstanding }: PaymentProgressProps) {
  if (!payment || payment.status === 'pending') {
    return (
      <div
        role="status"
        className="flex items-center gap-3 rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900"
      >
        <Spinner className="size-4" decorative />
        {billMessages.processing}
      </div>
    );
  }
  if (payment.status === 'failed')
    return <Alert type="error">{payment.failure_message ?? billMessages.declined}</Alert>;
  return (
    <div className="space-y-3">
      <Alert type="success">{billMessages.paid}</Alert>
      {stored.receiptToken && (
        <a
          href={receiptUrl(stored.billId, stored.paymentId, stored.receiptToken)}
          className={buttonClasses({ variant: 'secondary', className: 'w-full' })}
          download
        >
          {billPageMessages.downloadReceipt}
        </a>
      )}
      {outstanding > 0 && (
        <p className="text-center text-sm font-medium text-stone-700">
          {billPageMessages.leftForOthers(formatDollars(outstanding))}
        </p>
      )}
    </div>
  );
}
