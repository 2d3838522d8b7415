import { billPageMessages } from '@tableserve/contract/bill-page';
import { ArrowLeft, type LucideIcon, QrCode, ReceiptText, SearchX, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { localKeys, localStore } from '@/lib/storage';
import { menuPath, storedRestaurantNameOf, storedTablesOf } from '@/session/diner/current-restaurant';
import { readCustomerToken } from '@/session/diner/customer-session';
import { parseKeyParam, parseTableParam } from '@/session/diner/table-from-code';
import { type BillAccess, tableCodeFields } from '../api/bill-api';
import { useBill } from '../hooks/use-bill';
import { usePay } from '../hooks/use-pay';
import { usePaymentStatus } from '../hooks/use-payment-status';
import { lastPaymentOf, paymentsOf, type StoredPayment, savePayment } from '../lib/receipts';
import { AuthenticationChallenge } from './authentication-challenge';
import { BillHeader } from './bill-header';
import { BillSummary } from './bill-summary';
import { PaidPanel, type PaidPayment, paidPaymentsOf } from './paid-panel';
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
function useAccess(): {
  billId: number | null;
  access: BillAccess;
  withoutKey: boolean;
  badLink: boolean;
} {
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
    // /bill without a bill's id needs a whole table's code: anything less is a broken link.
    badLink: billIdOf(params.billId) === null && (token === null || table === null),
  };
}

const loadError = (error: unknown) =>
  error instanceof ApiRequestError
    ? error.status === undefined
      ? billPageMessages.network
      : (error.serverMessage ?? billPageMessages.failed)
    : billPageMessages.failed;

const codeOf = (error: unknown) =>
  error instanceof ApiRequestError ? (error.body as { code?: unknown } | undefined)?.code : undefined;

/** The menu of the table's code, with its table and key (docs/decisions/025-table-keys.md). */
const tableMenuPath = (token: string, table: number | null, key: string | null = null) =>
  `${paths.menuDisplay}?${new URLSearchParams({
    token,
    ...(table !== null && { table: String(table) }),
    ...(table !== null && key && { key }),
  })}`;

/** The diner's own order on this bill (the last one this browser placed), to go back to. */
function orderPathOf(bill: { restaurant_id: number; lines: { order_id: number }[] }): string | null {
  const stored = Number(localStore.get(localKeys.orderId));
  if (!Number.isInteger(stored) || !bill.lines.some((line) => line.order_id === stored)) return null;
  return `${paths.orderStatus}?${new URLSearchParams({ orderId: String(stored), restaurant_id: String(bill.restaurant_id) })}`;
}

/**
 * A diner's bill (ADR 020): /bill?token&table&key opens the table's open bill, /bill/<id> one bill.
 * It shows the figures, lets the diner pay their part with a tip, then follows the payment until
 * the provider confirms it and shows it paid, with the card, the tip and the receipt, where the
 * diner is looking; the pay form comes back only if they choose to pay for someone else too.
 */
export function BillPage() {
  const { billId, access, withoutKey, badLink } = useAccess();
  // Without the key and a login there is nothing the server would open: no need to ask.
  const asks = !badLink && (billId !== null || !withoutKey || access.customerToken !== null);
  const { query, refresh, replace } = useBill(billId, access, { enabled: asks });
  const bill = query.data;
  // The payment made here, else the last one this tab made on the bill (a reload while confirming).
  const [made, setMade] = useState<StoredPayment | null>(null);
  // "Pay for someone else too": the pay form again, for a diner who already paid.
  const [payingMore, setPayingMore] = useState(false);
  const followed = bill ? (made?.billId === bill.bill_id ? made : lastPaymentOf(bill.bill_id)) : null;
  const payment = usePaymentStatus(followed?.billId ?? null, followed?.paymentId ?? null, access).data;
  const { pay, busy, failure } = usePay(access, {
    paid: (answer) => {
      const challenge = answer.payment.next_action?.client_secret;
      const code = access.tableCode;
      const next: StoredPayment = {
        billId: answer.bill.bill_id,
        paymentId: answer.payment.payment_id,
        receiptToken: answer.payment.receipt_token ?? null,
        // The card's bank asks for 3-D Secure: the challenge opens below, until answered.
        ...(challenge && { clientSecret: challenge }),
        ...(code && { table: { token: code.token, table: code.table } }),
        savedAt: Date.now(),
      };
      savePayment(next);
      setMade(next);
      setPayingMore(false);
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

  const code = access.tableCode;
  const refused = query.error instanceof ApiRequestError && query.error.status === 404;
  if (!bill && withoutKey && (!asks || refused) && code)
    return <OutdatedCodeNotice token={code.token} table={code.table} />;
  if (badLink) return <CannotOpen reason="badLink" token={code?.token ?? null} table={null} />;
  if (query.isPending) return <LoadingScreen />;
  if (!bill) {
    const reason = cannotOpenReason(query.error, code);
    if (reason) return <CannotOpen reason={reason} token={code?.token ?? null} table={code} />;
    return (
      <Shell>
        <Alert type="error">{loadError(query.error)}</Alert>
      </Shell>
    );
  }
  const paying = followed !== null && (payment === undefined || payment.status === 'pending');
  const mine = paidOf(bill, paymentsOf(bill.bill_id), followed, payment);
  const showPaid = bill.status === 'paid' || mine.length > 0;
  const payable = bill.status === 'open' && bill.outstanding > 0 && !paying;
  // The diner who just paid here is taken to the result; one who reopened the page reads it at the top.
  const justPaid = made !== null && payment?.status === 'succeeded' ? made.paymentId : null;

  return (
    <>
      <BillHeader
        restaurant={bill.restaurant_name}
        table={bill.table_number}
        menuTo={code ? tableMenuPath(code.token, code.table, code.key) : menuPath(bill.restaurant_id)}
        orderTo={orderPathOf(bill)}
      />
      <Shell>
        {followed && (
          <PaymentProgress
            key={followed.paymentId}
            stored={followed}
            payment={payment}
            outstanding={bill.outstanding}
          />
        )}
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
        {showPaid && (
          <PaidPanel
            bill={bill}
            payments={mine}
            announce={justPaid}
            onPayMore={payable && !payingMore ? () => setPayingMore(true) : null}
          />
        )}
        <BillSummary bill={bill} />
        {payable && (!showPaid || payingMore) && (
          <PayForm
            bill={bill}
            tableCode={code ? tableCodeFields(code) : undefined}
            busy={busy}
            failure={failure}
            onPay={(card, body) => pay(bill, card, body)}
          />
        )}
      </Shell>
    </>
  );
}

/**
 * This diner's confirmed payments on the bill: those the bill lists, and the one just confirmed
 * when the bill's figures have not caught up with it yet.
 */
function paidOf(
  bill: Parameters<typeof paidPaymentsOf>[0],
  stored: StoredPayment[],
  followed: StoredPayment | null,
  payment: ReturnType<typeof usePaymentStatus>['data'],
): PaidPayment[] {
  const listed = paidPaymentsOf(bill, stored);
  if (
    !followed ||
    payment?.status !== 'succeeded' ||
    listed.some((entry) => entry.payment_id === payment.payment_id)
  )
    return listed;
  return [
    ...listed,
    {
      payment_id: payment.payment_id,
      amount: payment.amount,
      tip: payment.tip,
      status: payment.status,
      card_last4: payment.card_last4,
      created_at: new Date().toISOString(),
      receiptToken: followed.receiptToken,
    },
  ];
}

type CannotOpenReason = 'badLink' | 'noSuchTable' | 'nothingToPay';

/**
 * Why the page opens no bill, in words a diner can act on: a table the restaurant does not have
 * (its number of tables is public, on its menu), a table with nothing to pay yet, or a link that
 * is not a bill's. A code with another table's key reads as nothing to pay, exactly as the server
 * answers it (docs/decisions/025-table-keys.md).
 */
function cannotOpenReason(error: unknown, code: BillAccess['tableCode']): CannotOpenReason | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.status === 400) return 'badLink';
  if (error.status !== 404) return null;
  if (codeOf(error) !== 'NO_OPEN_BILL' || !code) return 'badLink';
  const tables = storedTablesOf(code.token);
  return tables !== null && code.table > tables ? 'noSuchTable' : 'nothingToPay';
}

const cannotOpen: Record<CannotOpenReason, { icon: LucideIcon; title: string }> = {
  badLink: { icon: TriangleAlert, title: billPageMessages.badLinkTitle },
  noSuchTable: { icon: SearchX, title: billPageMessages.noSuchTableTitle },
  nothingToPay: { icon: ReceiptText, title: billPageMessages.nothingToPayTitle },
};

function CannotOpen({
  reason,
  token,
  table,
}: {
  reason: CannotOpenReason;
  token: string | null;
  table: BillAccess['tableCode'];
}) {
  const [restaurant] = useState(() => (token ? storedRestaurantNameOf(token) : null));
  const tables = token ? storedTablesOf(token) : null;
  const text =
    reason === 'nothingToPay' && table
      ? billPageMessages.nothingToPay(table.table)
      : reason === 'noSuchTable' && table && tables !== null
        ? billPageMessages.noSuchTable(table.table, tables)
        : billPageMessages.badLink;
  // Nothing to pay: back to the table's own menu; no such table: to the menu without it.
  const menu = !token
    ? menuPath()
    : reason === 'nothingToPay' && table
      ? tableMenuPath(token, table.table, table.key)
      : tableMenuPath(token, null);
  const { icon, title } = cannotOpen[reason];
  return (
    <Notice
      icon={icon}
      eyebrow={
        reason === 'nothingToPay' && table
          ? restaurant
            ? `${restaurant} · ${billPageMessages.table(table.table)}`
            : billPageMessages.table(table.table)
          : restaurant
      }
      title={title}
      text={text}
      menu={menu}
    />
  );
}

/**
 * A table's code without its key (docs/decisions/025-table-keys.md): its bill is the staff's to
 * show, or a new card's to open. Ordering from the same code works as before.
 */
function OutdatedCodeNotice({ token, table }: { token: string; table: number }) {
  const [restaurant] = useState(() => storedRestaurantNameOf(token));
  return (
    <Notice
      icon={QrCode}
      eyebrow={
        restaurant ? `${restaurant} · ${billPageMessages.table(table)}` : billPageMessages.table(table)
      }
      title={billPageMessages.outdatedCodeTitle}
      text={billPageMessages.outdatedCode}
      note={billPageMessages.outdatedCodeOrdering}
      menu={tableMenuPath(token, table)}
    />
  );
}

function Notice({
  icon: Icon,
  eyebrow,
  title,
  text,
  note,
  menu,
}: {
  icon: LucideIcon;
  eyebrow: string | null;
  title: string;
  text: string;
  note?: string;
  menu: string;
}) {
  return (
    <main className="mx-auto flex min-h-[65vh] max-w-md flex-col items-center justify-center px-6 py-16 text-center">
      <title>{`${billPageMessages.title} · TableServe`}</title>
      <span className="flex size-20 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-8 ring-brand-50/50">
        <Icon className="size-9" strokeWidth={1.75} aria-hidden />
      </span>
      {eyebrow && (
        <p className="mt-6 text-sm font-semibold tracking-wider text-brand-700 uppercase">{eyebrow}</p>
      )}
      <h1 className={`${eyebrow ? 'mt-1.5' : 'mt-6'} text-2xl font-bold tracking-tight text-balance`}>
        {title}
      </h1>
      <p role="status" className="mt-3 text-base leading-relaxed text-pretty text-stone-600">
        {text}
      </p>
      {note && <p className="mt-2 text-sm text-stone-500">{note}</p>}
      <Link to={menu} className={buttonClasses({ size: 'lg', className: 'mt-8 rounded-full' })}>
        <ArrowLeft className="size-4" aria-hidden />
        {billPageMessages.backToMenu}
      </Link>
    </main>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-xl space-y-6 px-4 pt-5 pb-16 sm:px-5 md:pt-8">{children}</main>
  );
}
