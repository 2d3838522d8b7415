import { billPageMessages } from '@tableserve/contract/bill-page';
import { billMessages } from '@tableserve/contract/bills';
import { ArrowLeft, QrCode } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { storedRestaurantNameOf } from '@/session/diner/current-restaurant';
import { readCustomerToken } from '@/session/diner/customer-session';
import { parseKeyParam, parseTableParam } from '@/session/diner/table-from-code';
import { type BillAccess, tableCodeFields } from '../api/bill-api';
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

/**
 * Who asks for the bill: the table's code of the URL (its key included, which only the table's
 * card carries: docs/decisions/025-table-keys.md) and the diner's login. `withoutKey`: the URL
 * names a table but not its key (a card printed before keys), which opens only a bill the
 * signed-in diner ordered on.
 */
function useAccess(): { billId: number | null; access: BillAccess; withoutKey: boolean } {
  const params = useParams();
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() || null;
  const table = parseTableParam(search.get('table'));
  const key = parseKeyParam(search.get('key'));
  const [customerToken] = useState(readCustomerToken);
  return {
    billId: billIdOf(params.billId),
    access: { tableCode: token && table !== null ? { token, table, key } : null, customerToken },
    withoutKey: token !== null && table !== null && key === null,
  };
}

const loadError = (error: unknown) =>
  error instanceof ApiRequestError
    ? error.status === undefined
      ? billPageMessages.network
      : (error.serverMessage ?? billPageMessages.failed)
    : billPageMessages.failed;

/**
 * A diner's bill (ADR 020): /bill?token&table&key opens the table's open bill, /bill/<id> one bill.
 * It shows the figures, lets the diner pay their part with a tip, then follows the payment until
 * the provider confirms it, with the receipt to download and what is left for the others.
 */
export function BillPage() {
  const { billId, access, withoutKey } = useAccess();
  // Without the key and a login there is nothing the server would open: no need to ask.
  const asks = billId !== null || !withoutKey || access.customerToken !== null;
  const { query, refresh, replace } = useBill(billId, access, { enabled: asks });
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

  const refused = query.error instanceof ApiRequestError && query.error.status === 404;
  if (!bill && withoutKey && (!asks || refused) && access.tableCode)
    return <OutdatedCodeNotice token={access.tableCode.token} table={access.tableCode.table} />;
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
          tableCode={access.tableCode ? tableCodeFields(access.tableCode) : undefined}
          busy={busy}
          failure={failure}
          onPay={(card, body) => pay(bill, card, body)}
        />
      )}
    </Shell>
  );
}

/**
 * A table's code without its key (docs/decisions/025-table-keys.md): its bill is the staff's to
 * show, or a new card's to open. Ordering from the same code works as before.
 */
function OutdatedCodeNotice({ token, table }: { token: string; table: number }) {
  const menu = `${paths.menuDisplay}?${new URLSearchParams({ token, table: String(table) })}`;
  const [restaurant] = useState(() => storedRestaurantNameOf(token));
  return (
    <main className="mx-auto flex min-h-[65vh] max-w-md flex-col items-center justify-center px-6 py-16 text-center">
      <title>{`${billPageMessages.title} · TableServe`}</title>
      <span className="flex size-20 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-8 ring-brand-50/50">
        <QrCode className="size-9" strokeWidth={1.75} aria-hidden />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-wider text-brand-700 uppercase">
        {restaurant ? `${restaurant} · ${billPageMessages.table(table)}` : billPageMessages.table(table)}
      </p>
      <h1 className="mt-1.5 text-2xl font-bold tracking-tight text-balance">
        {billPageMessages.outdatedCodeTitle}
      </h1>
      <p role="status" className="mt-3 text-base leading-relaxed text-pretty text-stone-600">
        {billPageMessages.outdatedCode}
      </p>
      <p className="mt-2 text-sm text-stone-500">{billPageMessages.outdatedCodeOrdering}</p>
      <Link to={menu} className={buttonClasses({ size: 'lg', className: 'mt-8 rounded-full' })}>
        <ArrowLeft className="size-4" aria-hidden />
        {billPageMessages.backToMenu}
      </Link>
    </main>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-xl space-y-6 px-4 pt-5 pb-16 sm:px-5 md:pt-10">{children}</main>
  );
}
