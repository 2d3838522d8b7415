import { type BillPayment, billMessages } from '@tableserve/contract/bills';
import { useEffect, useRef } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import type { StoredPayment } from '../lib/receipts';

type PaymentProgressProps = {
  stored: StoredPayment;
  /** The payment as last read; undefined before the first answer. */
  payment: BillPayment | undefined;
  /** What the bill still asks of the table. */
  outstanding: number;
};

/**
 * The diner's payment after Pay, where they are looking: being confirmed (the provider's webhook
 * decides, never the browser), or failed. Once paid, the paid panel (paid-panel.tsx) takes over.
 */
export function PaymentProgress({ payment }: PaymentProgressProps) {
  const box = useRef<HTMLDivElement>(null);
  const pending = !payment || payment.status === 'pending';
  // Pay sits at the foot of a long form, which goes away while confirming: bring the news into view.
  useEffect(() => {
    if (pending) box.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [pending]);
  if (pending) {
    return (
      <div
        ref={box}
        role="status"
        className="flex scroll-mt-24 items-center gap-3 rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900"
      >
        <Spinner className="size-4" decorative />
        {billMessages.processing}
      </div>
    );
  }
  if (payment.status === 'failed')
    return <Alert type="error">{payment.failure_message ?? billMessages.declined}</Alert>;
  return null;
}
