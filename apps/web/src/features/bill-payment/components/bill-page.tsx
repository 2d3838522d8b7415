import { billPageMessages } from '@tableserve/contract/bill-page';
import { billMessages } from '@tableserve/contract/bills';
import { type ReactNode, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { LoadingScreen } from '@/components/ui/spinner';
import { ApiRequestError } from '@/lib/api-client';
import { readCustomerToken } from '@/session/diner/customer-session';
import { parseTableParam } from '@/session/diner/table-from-code';
import type { BillAccess } from '../api/bill-api';
import { useBill } from '../hooks/use-bill';
import { usePay } from '../hooks/use-pay';
import { usePaymentStatus } from '../hooks/use-payment-status';
import { lastPaymentOf, type StoredPayment, savePayment } from '../lib/receipts';
import { AuthenticationChallenge } from './authentication-challenge';
import { BillSummary } from './bill-summary';
import { PayForm } from './pay-form';
import { PaymentProgress } from './payment-progress';

/** The bill's id of /bill/<id>; null for /bill (the table's open bill) or anything that is no id. */
const billIdOf = (raw: string | undefined) => (raw && /^\d{1,12}$/.test(raw) ? Number(raw) : null);

function useAccess(): { billId: number | null; access: BillAccess } {
  const params = useParams();
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() || null;
  const table = parseTableParam(search.get('table'));
  const [customerToken] = useState(readCustomerToken);
  return {
    billId: billIdOf(params.billId),
    access: { tableCode: token && table !== null ? { token, table } : null, customerToken },
  };
}

const loadError = (error: unknown) =>
  error instanceof ApiRequestError
    ? error.status === undefined
      ? billPageMessages.network
      : (error.serverMessage ?? billPageMessages.failed)
    : billPageMessages.failed;

/**
 * A diner's bill (ADR 020): /bill?token&table opens the table's open bill, /bill/<id> one bill.
 * It shows the figures, lets the diner pay their part with a tip, then follows the payment until
 * the provider confirms it, with the receipt to download and what is left for the others.
 */
export function BillPage() {
  const { billId, access } = useAccess();
  const { query, refresh, replace } = useBill(billId, access);
  const bill = query.data;
  // The payment made here, else the last one this tab made on the bill (a reload while confirming).
  const [made, setMade] = useState<StoredPayment | null>(null);
  const followed = bill ? (made?.billId === bill.bill_id ? made : lastPaymentOf(bill.bill_id)) : null;
  const payment = usePaymentStatus(followed?.billId ?? null, followed?.paymentId ?? null, access).data;
  const { pay, busy, failure } = usePay(access, {
    paid: (answer) => {
      const challenge = answer.payment.next_action?.client_secret;
      const next: StoredPayment = {
        billId: answer.bill.bill_id,
        paymentId: answer.payment.payment_id,
        receiptToken: answer.payment.receipt_token ?? null,
        // The card's bank asks for 3-D Secure: the challenge opens below, until answered.
        ...(challenge && { clientSecret: challenge }),
      };
      savePayment(next);
      setMade(next);
      replace(answer.bill);
    },
    billChanged: replace,
  });

  // Once the provider settled the payment, the bill's figures moved too: read them again
  // (the live channel does the same; this covers a page that follows by polling only).
  const settled = payment !== undefined && payment.status !== 'pending';
  useEffect(() => {
    if (settled) void refresh();
  }, [settled, refresh]);

  /** The bank's challenge is over (answered, or cancelled): a reload does not open it again. */
  const challengeAnswered = () => {
    if (!followed) return;
    const next = { ...followed, clientSecret: null };
    savePayment(next);
    setMade(next);
    void refresh();
  };

  if (query.isPending) return <LoadingScreen />;
  if (!bill) {
    return (
      <Shell>
        <Alert type="error">{loadError(query.error)}</Alert>
      </Shell>
    );
  }
  const paying = followed !== null && (payment === undefined || payment.status === 'pending');
  const payable = bill.status === 'open' && bill.outstanding > 0 && !paying;

  return (
    <Shell>
      <BillSummary bill={bill} />
      {followed && <PaymentProgress stored={followed} payment={payment} outstanding={bill.outstanding} />}
      {followed?.clientSecret && followed.receiptToken && payment?.status === 'pending' && (
        <AuthenticationChallenge
          key={followed.paymentId}
          billId={followed.billId}
          paymentId={followed.paymentId}
          receiptToken={followed.receiptToken}
          clientSecret={followed.clientSecret}
          charged={payment.charged}
          access={access}
          onAnswered={challengeAnswered}
        />
      )}
      {!followed && !payable && <Alert type="info">{billMessages.alreadyPaid}</Alert>}
      {payable && (
        <PayForm
          bill={bill}
          tableCode={
            access.tableCode
              ? { token: access.tableCode.token, table: String(access.tableCode.table) }
              : undefined
          }
          busy={busy}
          failure={failure}
          onPay={(card, body) => pay(bill, card, body)}
        />
      )}
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-xl space-y-6 px-4 pt-5 pb-16 sm:px-5 md:pt-10">{children}</main>
  );
}
