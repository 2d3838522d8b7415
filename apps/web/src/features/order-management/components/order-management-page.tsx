import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { ClipboardList, ClipboardPlus, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LiveBadge } from '@/components/ui/live-badge';
import { PageSteps } from '@/components/ui/page-steps';
import { dashboardPaths } from '@/config/paths';
import { type StaffContext, StaffScreen } from '@/orders/components/staff-screen';
import { useStaffOrderEvents } from '@/orders/hooks/use-staff-order-events';
import { LeaveSession } from '@/session/owner/leave-session';
import { isRefusedToken } from '@/session/owner/owner-session';
import { isRefusedLoad, RefusedLoad } from '@/session/owner/require-access';
import { useOwnerOrders } from '../api/owner-orders';
import { OrderCard } from './order-card';

/** /dashboard/order-management (docs/product/staff-screens.md#order-management). */
export function OrderManagementPage() {
  return <StaffScreen>{(context) => <OrderManagement {...context} />}</StaffScreen>;
}

function OrderManagement({ restaurantId, token }: StaffContext) {
  const [page, setPage] = useState(1);
  const [refused, setRefused] = useState(false);
  const live = useStaffOrderEvents({ restaurantId, token });
  const orders = useOwnerOrders(restaurantId, token, page);
  const listTop = useRef<HTMLHeadingElement>(null);

  const totalPages = orders.data?.pagination.total_pages ?? 1;

  useEffect(() => {
    // docs/product/staff-screens.md#order-management: the load failure is shown; it is logged too, for whoever reads the console.
    if (orders.error && !isRefusedToken(orders.error)) console.error('Could not load orders', orders.error);
  }, [orders.error]);

  // The last order of the last page was deleted (here or elsewhere): show the page that still exists.
  useEffect(() => {
    if (orders.data && !orders.isPlaceholderData && page > totalPages) setPage(totalPages);
  }, [orders.data, orders.isPlaceholderData, page, totalPages]);

  if (refused) return <LeaveSession />;
  if (isRefusedLoad(orders.error)) return <RefusedLoad error={orders.error} />;

  function goTo(next: number) {
    setPage(next);
    listTop.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }

  const list = orders.data?.orders ?? [];
  const total = orders.data?.pagination.total ?? 0;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Order Management</h1>
            <LiveBadge state={live} audience="staff" />
          </div>
          <p className="mt-2 text-[0.9375rem] leading-7 text-stone-600">
            Approve new orders, adjust what was ordered before the kitchen starts, and remove mistakes.
          </p>
        </div>
        <Link
          to={dashboardPaths.placeOrder}
          className={buttonClasses({ className: 'shrink-0 self-start sm:self-auto' })}
        >
          <ClipboardPlus className="size-4" aria-hidden />
          {ownerOrderMessages.placeOrder}
        </Link>
      </header>

      <section aria-labelledby="orders-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="orders-heading" ref={listTop} className="scroll-mt-24 text-lg font-semibold">
            Orders
          </h2>
          {orders.data && total > 0 && (
            <p className="text-sm text-stone-500">
              Newest first · {total === 1 ? '1 order' : `${total} orders`}
            </p>
          )}
        </div>

        {orders.isPending ? (
          <CardsSkeleton />
        ) : orders.isError && !orders.data ? (
          <LoadFailed retrying={orders.isFetching} onRetry={() => void orders.refetch()} />
        ) : list.length === 0 ? (
          <NoOrders />
        ) : (
          <>
            {orders.isError && (
              <LoadFailed retrying={orders.isFetching} onRetry={() => void orders.refetch()} compact />
            )}
            <ul
              className={`grid items-start gap-5 lg:grid-cols-2 ${orders.isPlaceholderData ? 'opacity-60' : ''}`}
              aria-busy={orders.isPlaceholderData || undefined}
            >
              {list.map((order) => (
                <li key={order.order_id} className="flex">
                  <OrderCard
                    order={order}
                    restaurantId={restaurantId}
                    token={token}
                    onRefused={() => setRefused(true)}
                  />
                </li>
              ))}
            </ul>
            <Pager page={page} totalPages={totalPages} onPage={goTo} />
          </>
        )}
      </section>
    </div>
  );
}

function Pager({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Order pages" className="pt-2">
      <PageSteps
        page={page}
        pages={totalPages}
        onPage={onPage}
        className="gap-3 sm:justify-center"
        labelClassName="min-w-24"
      />
    </nav>
  );
}

function LoadFailed({
  retrying,
  onRetry,
  compact,
}: {
  retrying: boolean;
  onRetry: () => void;
  compact?: boolean;
}) {
  return (
    <Card
      className={compact ? 'flex flex-wrap items-center gap-3 p-3' : 'flex flex-col items-start gap-4 p-6'}
    >
      <Alert type="error" className={compact ? 'flex-1' : 'w-full'}>
        {ownerOrderMessages.loadFailed}
      </Alert>
      <Button variant="secondary" busy={retrying} onClick={onRetry}>
        {!retrying && <RotateCcw className="size-4" aria-hidden />}
        Try again
      </Button>
    </Card>
  );
}

function NoOrders() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-stone-200 bg-white/60 px-6 py-12 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-brand-50 text-brand-500">
        <ClipboardList className="size-7" aria-hidden />
      </span>
      <h3 className="text-base font-semibold">{ownerOrderMessages.noOrders}</h3>
      <p className="max-w-sm text-sm text-stone-500">
        Orders from your menu's QR code and the ones you place for walk-in or phone customers show up here as
        they arrive.
      </p>
    </div>
  );
}

function CardsSkeleton() {
  return (
    <div role="status" aria-label="Loading orders" className="grid gap-5 lg:grid-cols-2">
      {[0, 1, 2, 3].map((key) => (
        <div key={key} className="flex flex-col gap-4 rounded-2xl border border-stone-200/70 bg-white p-5">
          <div className="flex justify-between">
            <div className="h-5 w-28 animate-pulse rounded bg-stone-100" />
            <div className="h-5 w-20 animate-pulse rounded-full bg-stone-100" />
          </div>
          <div className="h-3 w-1/2 animate-pulse rounded bg-stone-100" />
          <div className="h-3 w-2/3 animate-pulse rounded bg-stone-100" />
          <div className="h-3 w-full animate-pulse rounded bg-stone-100" />
          <div className="h-11 w-full animate-pulse rounded-xl bg-stone-100" />
        </div>
      ))}
    </div>
  );
}
