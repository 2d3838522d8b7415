import { type OrderSummary, orderServerMessages } from '@tableserve/contract/order';
import { orderTrackingMessages } from '@tableserve/contract/order-tracking';
import { ChevronDown, MapPin, Phone, ReceiptText, Undo2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ViewBillLink } from '@/components/diner/view-bill-link';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { LiveBadge } from '@/components/ui/live-badge';
import { PriceBreakdown } from '@/components/ui/price-breakdown';
import { LoadingScreen } from '@/components/ui/spinner';
import type { LiveState } from '@/hooks/use-live-socket';
import { cn } from '@/lib/cn';
import { formatPhone } from '@/lib/format-phone';
import { formatCents, formatDollars } from '@/lib/money';
import { PaymentStatePill } from '@/orders/components/payment-state-pill';
import { orderFigures } from '@/orders/lib/order-figures';
import { readCustomerToken } from '@/session/diner/customer-session';
import { visitBillPath } from '@/session/diner/payment-timing';
import { type OrderRef, orderSummaryQueryKey, useOrderSummary } from '../api/order-summary';
import { useLiveOrder } from '../hooks/use-live-order';
import { orderLoadError } from '../lib/load-error';
import { formatAddress, formatPlacedAt, orderPlace } from '../lib/order-format';
import { readOrderStatusTarget } from '../lib/order-status-params';
import { statusHeadline } from '../lib/status-headline';
import { BackToMenu } from './back-to-menu';
import { DinerShell } from './diner-shell';
import { MessageCard } from './message-card';
import { OrderItems } from './order-items';
import { OrderStatusBadge } from './order-status-badge';
import { ProgressChecklist } from './progress-checklist';
import { RefreshButton } from './refresh-button';
import { TryAgainButton } from './try-again-button';

export const NO_TOKEN_LOG = 'Order status: no customer token, so the order cannot be loaded.';

/** /customer/order-status (docs/product/ordering.md#order-status-page, docs/product/order-statuses.md#progress-steps, docs/product/api-conventions.md#api-calls). */
export function OrderStatusPage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const { orderId, restaurantId, token } = readOrderStatusTarget(search, location.state, readCustomerToken());
  const missingToken = token === null;

  // docs/product/ordering.md#checkout: without a token the page only logs an error.
  useEffect(() => {
    if (missingToken) console.error(NO_TOKEN_LOG);
  }, [missingToken]);

  if (orderId === null || restaurantId === null) {
    return (
      <DinerShell width="narrow">
        <MessageCard title="We couldn't tell which order to show">
          This link is missing the order number or the restaurant. Open your order from the restaurant's menu.
        </MessageCard>
      </DinerShell>
    );
  }
  if (token === null) {
    return (
      <DinerShell width="narrow">
        <MessageCard title="Log in to follow your order" restaurantId={restaurantId}>
          We couldn't find your sign-in on this device. Open the restaurant's menu and log in, or continue as
          a guest, to see your order's status.
        </MessageCard>
      </DinerShell>
    );
  }
  return <OrderStatus order={{ orderId, restaurantId }} token={token} />;
}

function OrderStatus({ order, token }: { order: OrderRef; token: string }) {
  const summary = useOrderSummary(order, token);
  const live = useLiveOrder<OrderSummary>({
    restaurantId: order.restaurantId,
    token,
    queryKey: orderSummaryQueryKey(order),
    refetch: summary.refetch,
  });

  if (summary.isPending) {
    return (
      <DinerShell width="narrow">
        <LoadingScreen label="Loading your order" />
      </DinerShell>
    );
  }
  if (summary.isError) {
    const failure = orderLoadError(
      summary.error,
      "We couldn't load your order. Please check your connection and try again.",
    );
    const notFound = failure.message === orderServerMessages.notFound;
    return (
      <DinerShell width="narrow">
        <MessageCard
          title={notFound ? failure.message : "Your order didn't load"}
          tone="error"
          restaurantId={order.restaurantId}
          action={failure.retryable && <TryAgainButton query={summary} />}
        >
          {notFound ? "Check the link, or open your orders from the restaurant's menu." : failure.message}
        </MessageCard>
      </DinerShell>
    );
  }
  return (
    <OrderStatusView
      summary={summary.data}
      live={live}
      refreshing={summary.isFetching}
      refreshFailed={summary.isRefetchError}
      onRefresh={() => void summary.refetch()}
    />
  );
}

function OrderStatusView({
  summary,
  live,
  refreshing,
  refreshFailed,
  onRefresh,
}: {
  summary: OrderSummary;
  live: LiveState;
  refreshing: boolean;
  refreshFailed: boolean;
  onRefresh: () => void;
}) {
  const address = formatAddress(summary);
  const billPath = visitBillPath(summary.restaurant_id);
  const figures = orderFigures(summary);
  return (
    <DinerShell width="wide">
      <header className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Order status</p>
          <h1 className="mt-1.5 text-2xl font-bold tracking-tight md:text-3xl">{summary.restaurant_name}</h1>
          <div className="mt-2 flex flex-col gap-1 text-sm text-stone-600 sm:flex-row sm:flex-wrap sm:gap-x-5">
            {address && (
              <span className="inline-flex items-start gap-1.5">
                <MapPin className="mt-0.5 size-4 shrink-0 text-stone-400" aria-hidden />
                {address}
              </span>
            )}
            {summary.phone && (
              <a
                href={`tel:${summary.phone.replace(/[^\d+]/g, '')}`}
                className="-my-2 inline-flex min-h-11 items-center gap-1.5 self-start rounded-md font-medium text-stone-700 underline-offset-4 hover:text-brand-700 hover:underline"
              >
                <Phone className="size-4 shrink-0 text-stone-400" aria-hidden />
                {formatPhone(summary.phone)}
              </a>
            )}
          </div>
        </div>
        <RefreshButton refreshing={refreshing} onClick={onRefresh} className="mt-1" />
      </header>

      {refreshFailed && (
        <Alert type="error" className="mt-5">
          We couldn't refresh your order just now. What you see may be out of date.
        </Alert>
      )}

      <div className="mt-6 grid items-start gap-5 md:mt-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:gap-6">
        <Card className="p-5 sm:p-6 md:p-8">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <OrderStatusBadge status={summary.status} className="text-sm" />
              <PaymentStatePill order={summary} />
            </div>
            <LiveBadge state={live} audience="diner" />
          </div>
          <h2 aria-live="polite" className="mt-4 text-xl font-bold tracking-tight md:text-2xl">
            {statusHeadline(summary)}
          </h2>
          <div className="mt-6">
            <ProgressChecklist status={summary.status} />
          </div>
          {figures && (
            <div className="mt-7 border-t border-stone-100 pt-5">
              <div className="flex items-baseline justify-between text-sm text-stone-600">
                <span>Subtotal</span>
                <span className="tabular-nums">{formatCents(figures.subtotalCents)}</span>
              </div>
              <PriceBreakdown figures={figures} showTotal={false} />
            </div>
          )}
          <div
            className={cn(
              'flex items-baseline justify-between border-t border-stone-100',
              figures ? 'mt-3 pt-3' : 'mt-7 pt-5',
            )}
          >
            <span className="text-base font-medium text-stone-600">Total</span>
            <span className="text-2xl font-bold text-stone-900 tabular-nums">
              {formatDollars(summary.total_amount)}
            </span>
          </div>
          {summary.refunded !== undefined && (
            <p className="mt-4 flex items-center gap-2.5 rounded-xl bg-sky-50 px-4 py-3 text-sm font-medium text-sky-900 ring-1 ring-sky-200 ring-inset">
              <Undo2 className="size-4 shrink-0 text-sky-700" aria-hidden />
              {orderTrackingMessages.refundedToCard(formatDollars(summary.refunded))}
            </p>
          )}
        </Card>

        <div className="flex flex-col gap-5">
          <OrderDetails summary={summary} />
          {billPath && <ViewBillLink to={billPath} className="w-full" />}
          <BackToMenu restaurantId={summary.restaurant_id} className="w-full" />
        </div>
      </div>
    </DinerShell>
  );
}

/** The 'Order #id' toggle of docs/product/ordering.md#order-status-page, closed at first. */
function OrderDetails({ summary }: { summary: OrderSummary }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <Card className="overflow-hidden">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-16 w-full items-center gap-3 px-5 py-4 text-left hover:bg-stone-50 sm:px-6"
      >
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
          <ReceiptText className="size-5" aria-hidden />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-base font-semibold text-stone-900">
            {orderTrackingMessages.orderNumber(summary.order_id)}
          </span>
          <span className="block truncate text-sm text-stone-500">
            {[formatPlacedAt(summary.created_at), orderPlace(summary)].filter(Boolean).join(' · ')}
          </span>
        </span>
        <ChevronDown
          className={
            open
              ? 'size-5 rotate-180 text-stone-500 transition-transform'
              : 'size-5 text-stone-500 transition-transform'
          }
          aria-hidden
        />
      </button>
      {open && (
        <div id={panelId} className="border-t border-stone-100 px-5 pt-2 pb-5 sm:px-6">
          <OrderItems items={summary.items} />
        </div>
      )}
    </Card>
  );
}
