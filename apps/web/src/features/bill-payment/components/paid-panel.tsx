import { billPageMessages } from '@tableserve/contract/bill-page';
import { type BillView, billMessages } from '@tableserve/contract/bills';
import { CircleCheck, Download } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { formatDollars } from '@/lib/money';
import { receiptUrl } from '../api/bill-api';
import type { StoredPayment } from '../lib/receipts';

/** A confirmed payment of this diner: what the bill says of it, and its receipt token kept by this tab. */
export type PaidPayment = BillView['payments'][number] & { receiptToken: string | null };

type PaidPanelProps = {
  bill: BillView;
  payments: PaidPayment[];
  /** The payment the diner just made here, once paid: the panel takes the focus, so the result is where they look. */
  announce: number | null;
  /** Shown while the table still owes: the pay form is the diner's to open again. */
  onPayMore: (() => void) | null;
};

/** This diner's confirmed payments on the bill, from the bill's own list and the tokens this tab kept. */
export function paidPaymentsOf(bill: BillView, stored: readonly StoredPayment[]): PaidPayment[] {
  return bill.payments.flatMap((payment) => {
    const mine = stored.find((entry) => entry.paymentId === payment.payment_id);
    return mine && payment.status === 'succeeded' ? [{ ...payment, receiptToken: mine.receiptToken }] : [];
  });
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-stone-600">{label}</dt>
      <dd className="font-medium text-stone-900 tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * The diner's payment done (docs/product/payments.md#split-bill): "You paid" (or "Paid", once the
 * whole bill is) with the card, the part, the tip and the receipt of each payment this tab made,
 * what is left for the others, and no pay form unless the diner asks to pay for someone else.
 */
export function PaidPanel({ bill, payments, announce, onPayMore }: PaidPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (announce === null) return;
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [announce]);
  const settled = bill.status === 'paid';

  return (
    <section
      aria-labelledby="paid-heading"
      className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-emerald-200 sm:p-6"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
          <CircleCheck className="size-6" aria-hidden />
        </span>
        <div>
          <h2
            id="paid-heading"
            ref={heading}
            tabIndex={-1}
            className="scroll-mt-24 text-xl font-bold tracking-tight outline-none"
          >
            {settled ? billPageMessages.paidBadge : billPageMessages.yourPayment}
          </h2>
          <p role="status" className="text-sm text-stone-600">
            {payments.length > 0 ? billMessages.paid : billPageMessages.billSettled}
          </p>
        </div>
      </div>
      {payments.length > 0 && (
        <ul aria-label={billPageMessages.yourPayments} className="mt-4 space-y-4">
          {payments.map((payment) => (
            <li key={payment.payment_id} className="rounded-xl bg-stone-50 p-4">
              <dl className="space-y-1.5 text-sm">
                <Row
                  label={billPageMessages.card}
                  value={
                    payment.card_last4
                      ? billPageMessages.cardEnding(payment.card_last4)
                      : billPageMessages.card
                  }
                />
                <Row label={billPageMessages.paymentAmount} value={formatDollars(payment.amount)} />
                <Row label={billPageMessages.paymentTip} value={formatDollars(payment.tip)} />
                <Row
                  label={billPageMessages.paymentCharged}
                  value={formatDollars(payment.amount + payment.tip)}
                />
              </dl>
              {payment.receiptToken && (
                <a
                  href={receiptUrl(bill.bill_id, payment.payment_id, payment.receiptToken)}
                  className={buttonClasses({ variant: 'secondary', className: 'mt-3 w-full' })}
                  download
                >
                  <Download className="size-4" aria-hidden />
                  {billPageMessages.downloadReceipt}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      {settled && payments.length > 0 && (
        <p className="mt-4 text-center text-sm font-medium text-stone-700">{billPageMessages.billSettled}</p>
      )}
      {!settled && bill.outstanding > 0 && (
        <div className="mt-4 space-y-3 border-t border-stone-100 pt-4">
          <p className="text-center text-sm font-medium text-stone-700">
            {billPageMessages.leftForOthers(formatDollars(bill.outstanding))}
          </p>
          {onPayMore && (
            <Button variant="secondary" className="w-full" onClick={onPayMore}>
              {billPageMessages.payForSomeoneElse}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
