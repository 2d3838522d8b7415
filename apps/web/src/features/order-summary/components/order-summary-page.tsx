import {
  type OrderFilter,
  type OrderSort,
  OWNER_PAGE_SIZE,
  ownerOrderMessages,
  ownerOrderServerMessages,
  type StaffOrder,
} from '@tableserve/contract/owner-orders';
import { CircleAlert, Inbox, RotateCcw } from 'lucide-react';
import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LiveBadge } from '@/components/ui/live-badge';
import { useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/lib/cn';
import { useOpenBills } from '@/orders/api/open-bills';
import { markOrderPaid, markOrdersPaid, useOrderAction } from '@/orders/api/order-actions';
import { type OrderSummaryQuery, useOrderSummary } from '@/orders/api/order-summary';
import { type StaffContext, StaffScreen } from '@/orders/components/staff-screen';
import { useStaffOrderEvents } from '@/orders/hooks/use-staff-order-events';
import { isRefusedLoad, RefusedLoad } from '@/session/owner/require-access';
import { keepPayable, selectionTotal, toggled } from '../lib/order-summary-selection';
import { FirstOrdersHint } from './first-orders-hint';
import { OrderCards } from './order-cards';
import type { OrderRowProps } from './order-parts';
import { OrderSummaryCounters } from './order-summary-counters';
import { OrderSummaryToolbar } from './order-summary-toolbar';
import { OrdersPager } from './orders-pager';
import { OrdersTable } from './orders-table';
import { SelectionBar } from './selection-bar';
import { TablesPanel } from './tables-panel';

/** Typing in the search box waits this long before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;
/** How long a live new order stays highlighted. */
const FRESH_ORDER_MS = 4000;
/** The table needs the room the sidebar leaves from this width on; cards below it. */
const TABLE_QUERY = '(min-width: 72rem)';

const initialQuery: OrderSummaryQuery = { page: 1, filter: 'all', sort: 'newest', search: '' };

/** The day's sales report, from the daily-sales feature (composed in app/routes/order-summary.tsx). */
export type SalesReportProps = { restaurantId: number; token: string; today?: string | undefined };
/** The report, left out for a role without Daily Sales (docs/product/staff.md#roles). */
type SalesReportSlot = { SalesReport: ComponentType<SalesReportProps> | undefined };

/** /dashboard/order-summary (docs/product/staff-screens.md#order-summary), the dashboard's default page. */
export function OrderSummaryPage({ SalesReport }: SalesReportSlot) {
  return <StaffScreen>{(context) => <OrderSummary {...context} SalesReport={SalesReport} />}</StaffScreen>;
}

function OrderSummary({ restaurantId, token, SalesReport }: StaffContext & SalesReportSlot) {
  const [query, setQuery] = useState<OrderSummaryQuery>(initialQuery);
  const [searchText, setSearchText] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const fresh = useFreshOrders();
  const live = useStaffOrderEvents({ restaurantId, token, onNewOrder: fresh.add });
  const summary = useOrderSummary(restaurantId, token, query);
  // Bills exist only when diners pay from their phones: paid at the counter, the panel stays away.
  const openBills = useOpenBills(restaurantId, token);
  const wide = useMediaQuery(TABLE_QUERY, true);

  const caller = { restaurantId, token };
  const markPaid = useOrderAction(restaurantId, (orderId: number) => markOrderPaid(caller, orderId));
  const markSelectedPaid = useOrderAction(restaurantId, (orderIds: number[]) =>
    markOrdersPaid(caller, orderIds),
  );

  // The search waits for a pause in typing, then starts again from page 1.
  useEffect(() => {
    const search = searchText.trim();
    if (search === query.search) return;
    const timer = setTimeout(
      () => setQuery((current) => ({ ...current, search, page: 1 })),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [searchText, query.search]);

  const orders = summary.data?.orders ?? [];
  const pagination = summary.data?.pagination;

  // A live update or another page may leave ticked orders no longer Ready: they drop out.
  const kept = keepPayable(selected, orders);
  if (kept !== selected && !summary.isPlaceholderData) setSelected(kept);

  // A page that no longer exists (the last order of the last page was paid): go to the last one.
  const totalPages = Math.max(1, pagination?.total_pages ?? 1);
  useEffect(() => {
    if (pagination && !summary.isPlaceholderData && query.page > totalPages)
      setQuery((current) => ({ ...current, page: totalPages }));
  }, [pagination, summary.isPlaceholderData, query.page, totalPages]);

  function change(next: Partial<OrderSummaryQuery>) {
    setQuery((current) => ({ ...current, ...next, page: next.page ?? 1 }));
    setSelected(new Set());
  }

  function payOne(order: StaffOrder) {
    markPaid.mutate(order.order_id, {
      onSuccess: () => toast.success(ownerOrderServerMessages.markedPaid(1)),
      onError: () => toast.error(ownerOrderMessages.statusFailed('Completed')),
    });
  }

  function paySelected() {
    const orderIds = orders.filter((order) => selected.has(order.order_id)).map((order) => order.order_id);
    if (orderIds.length === 0) return;
    markSelectedPaid.mutate(orderIds, {
      onSuccess: (paid) => {
        setSelected(new Set());
        toast.success(ownerOrderServerMessages.markedPaid(paid.length));
      },
      onError: () => toast.error(ownerOrderMessages.statusFailed('Completed')),
    });
  }

  const isPaying = (orderId: number) =>
    (markPaid.isPending && markPaid.variables === orderId) ||
    (markSelectedPaid.isPending && (markSelectedPaid.variables ?? []).includes(orderId));

  if (summary.isError && isRefusedLoad(summary.error)) return <RefusedLoad error={summary.error} />;

  const total = selectionTotal(selected, orders);
  const rows: OrderRowProps = {
    orders,
    selected,
    fresh: fresh.ids,
    isPaying,
    onToggle: (orderId) => setSelected((current) => toggled(current, orderId)),
    onMarkPaid: payOne,
  };
  const searching = query.search !== '' || query.filter !== 'all';
  const neverHadOrders = !searching && pagination?.total === 0 && !summary.isPlaceholderData;
  const failedWithoutData = summary.isError && !summary.data;

  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div className="flex flex-col gap-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Order Summary</h1>
            <LiveBadge state={live} audience="staff" />
          </div>
          <p className="text-[0.9375rem] text-stone-600">Every order, its payment and today's totals.</p>
        </div>
        {SalesReport && (
          <SalesReport restaurantId={restaurantId} token={token} today={pagination?.working_hours_date} />
        )}
      </header>

      <OrderSummaryCounters
        total={pagination?.working_hours_total_orders ?? null}
        paid={pagination?.working_hours_paid_orders ?? null}
      />

      <TablesPanel bills={openBills.data?.bills ?? []} />

      <Card className="overflow-hidden">
        <div className="border-b border-stone-200 p-4 md:px-5">
          <OrderSummaryToolbar
            searchText={searchText}
            onSearchText={setSearchText}
            filter={query.filter}
            onFilter={(filter: OrderFilter) => change({ filter })}
            sort={query.sort}
            onSort={(sort: OrderSort) => change({ sort })}
          />
        </div>

        {summary.isError && summary.data && (
          <div className="border-b border-stone-200 px-4 py-3 md:px-5">
            <LoadFailed busy={summary.isFetching} onRetry={() => void summary.refetch()} compact />
          </div>
        )}

        <div
          aria-busy={summary.isFetching || undefined}
          className={cn('transition-opacity', summary.isPlaceholderData && 'pointer-events-none opacity-60')}
        >
          {failedWithoutData ? (
            <LoadFailed busy={summary.isFetching} onRetry={() => void summary.refetch()} />
          ) : summary.isPending ? (
            <OrdersSkeleton />
          ) : orders.length === 0 ? (
            <NoOrders
              searching={searching}
              onClear={() => {
                setSearchText('');
                change({ filter: 'all', search: '' });
              }}
            />
          ) : wide ? (
            <OrdersTable {...rows} />
          ) : (
            <OrderCards {...rows} />
          )}
        </div>

        {pagination && !failedWithoutData && (
          <div className="border-t border-stone-200 bg-stone-50/60 px-4 py-3 md:px-5">
            <OrdersPager
              page={query.page}
              totalPages={totalPages}
              total={pagination.total}
              perPage={OWNER_PAGE_SIZE}
              onPage={(page) => change({ page })}
            />
          </div>
        )}
      </Card>

      {neverHadOrders && <FirstOrdersHint />}

      {total.count > 0 && (
        <SelectionBar
          count={total.count}
          dollars={total.dollars}
          busy={markSelectedPaid.isPending}
          onMarkPaid={paySelected}
          onClear={() => setSelected(new Set())}
        />
      )}

      <p className="sr-only" aria-live="polite">
        {fresh.announcement}
      </p>
    </div>
  );
}

/** docs/product/order-statuses.md#status-machine: 'Failed to load orders. Please try again later.', with a way to try again. */
function LoadFailed({
  busy,
  onRetry,
  compact = false,
}: {
  busy: boolean;
  onRetry: () => void;
  compact?: boolean;
}) {
  const retry = (
    <Button variant="secondary" size="sm" busy={busy} onClick={onRetry}>
      {!busy && <RotateCcw className="size-4" aria-hidden />}
      {ownerOrderMessages.tryAgain}
    </Button>
  );
  if (compact) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Alert type="error" className="flex-1 py-2">
          {ownerOrderMessages.loadFailed}
        </Alert>
        {retry}
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-red-50 text-red-700">
        <CircleAlert className="size-6" aria-hidden />
      </span>
      <p role="alert" className="text-base font-semibold text-stone-800">
        {ownerOrderMessages.loadFailed}
      </p>
      {retry}
    </div>
  );
}

function NoOrders({ searching, onClear }: { searching: boolean; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-14 text-center">
      <span className="mb-1 grid size-12 place-items-center rounded-full bg-stone-100 text-stone-500">
        <Inbox className="size-6" aria-hidden />
      </span>
      <p className="text-base font-semibold text-stone-800">{ownerOrderMessages.noOrders}</p>
      {searching ? (
        <>
          <p className="text-sm text-stone-500">No order matches this search or filter.</p>
          <Button variant="ghost" size="sm" onClick={onClear}>
            Show all orders
          </Button>
        </>
      ) : (
        <p className="text-sm text-stone-500">New orders appear here as diners place them.</p>
      )}
    </div>
  );
}

function OrdersSkeleton() {
  return (
    <div role="status" aria-label="Loading orders" className="flex flex-col divide-y divide-stone-100">
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="flex items-center gap-4 px-5 py-4">
          <div className="h-4 w-10 animate-pulse rounded bg-stone-100" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-4 w-1/3 animate-pulse rounded bg-stone-100" />
            <div className="h-3 w-1/2 animate-pulse rounded bg-stone-100" />
          </div>
          <div className="h-6 w-20 animate-pulse rounded-full bg-stone-100" />
        </div>
      ))}
    </div>
  );
}

/** Orders that arrived live, highlighted for a few seconds and announced to screen readers. */
function useFreshOrders() {
  const [ids, setIds] = useState<ReadonlySet<number>>(() => new Set());
  const [announcement, setAnnouncement] = useState('');
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const add = useCallback((order: StaffOrder) => {
    setIds((current) => new Set(current).add(order.order_id));
    setAnnouncement(`New order #${order.order_id} from ${order.customer_name}`);
    clearTimeout(timers.current.get(order.order_id));
    timers.current.set(
      order.order_id,
      setTimeout(() => {
        timers.current.delete(order.order_id);
        setIds((current) => {
          const next = new Set(current);
          next.delete(order.order_id);
          return next;
        });
      }, FRESH_ORDER_MS),
    );
  }, []);

  return { ids, add, announcement };
}
