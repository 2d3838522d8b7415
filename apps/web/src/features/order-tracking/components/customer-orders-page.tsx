import { orderTrackingMessages } from '@tableserve/contract/order-tracking';
import type { OrderUpdatePayload } from '@tableserve/contract/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { UtensilsCrossed } from 'lucide-react';
import { useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LiveBadge } from '@/components/ui/live-badge';
import { LoadingScreen } from '@/components/ui/spinner';
import { readCurrentRestaurantId } from '@/session/diner/current-restaurant';
import { readCustomerToken, useCustomer } from '@/session/diner/customer-session';
import { customerOrdersQueryOptions, useCustomerOrders } from '../api/customer-orders';
import { useOrderUpdates } from '../hooks/use-order-updates';
import { orderLoadError } from '../lib/load-error';
import { isActiveOrder } from '../lib/order-progress';
import { readCustomerOrdersTarget } from '../lib/order-status-params';
import { applyOrderUpdateToList } from '../lib/order-update';
import { BackToMenu } from './back-to-menu';
import { DinerShell } from './diner-shell';
import { MessageCard } from './message-card';
import { OrderCard } from './order-card';
import { RefreshButton } from './refresh-button';
import { TryAgainButton } from './try-again-button';

/** /customer_orders (docs/product/ordering.md#customer-orders, docs/product/api-conventions.md#api-calls). */
export function CustomerOrdersPage() {
  const location = useLocation();
  const customer = useCustomer();
  const customerId = readCustomerOrdersTarget(location.state, customer?.customer_id ?? null);
  const token = readCustomerToken();
  if (customerId === null || token === null) {
    return (
      <DinerShell width="narrow">
        <MessageCard title="Log in to see your orders" restaurantId={readCurrentRestaurantId()}>
          Your orders appear here once you've logged in or continued as a guest from the restaurant's menu.
        </MessageCard>
      </DinerShell>
    );
  }
  return <CustomerOrders customerId={customerId} token={token} customerName={customer?.customer_name} />;
}

function CustomerOrders({
  customerId,
  token,
  customerName,
}: {
  customerId: number;
  token: string;
  customerName?: string;
}) {
  const queryClient = useQueryClient();
  const orders = useCustomerOrders(customerId, token);
  const all = orders.data?.pages.flatMap((page) => page.orders) ?? [];

  // The server sends a diner every update about their own orders whatever restaurant the
  // connection names, so one connection (the current restaurant's) follows them all.
  const live = useOrderUpdates({
    restaurantId: readCurrentRestaurantId() ?? all[0]?.restaurant_id ?? null,
    token,
    onUpdate: (update: OrderUpdatePayload) =>
      queryClient.setQueryData(customerOrdersQueryOptions(customerId, token).queryKey, (data) => {
        if (!data) return data;
        const pages = data.pages.map((page) => {
          const updated = applyOrderUpdateToList(page.orders, update);
          return updated === page.orders ? page : { ...page, orders: updated };
        });
        return pages.every((page, index) => page === data.pages[index]) ? data : { ...data, pages };
      }),
    onReconnect: () => void orders.refetch(),
  });

  if (orders.isPending) {
    return (
      <DinerShell width="narrow">
        <LoadingScreen label="Loading your orders" />
      </DinerShell>
    );
  }
  if (orders.isError) {
    const failure = orderLoadError(
      orders.error,
      "We couldn't load your orders. Please check your connection and try again.",
    );
    return (
      <DinerShell width="narrow">
        <MessageCard
          title="Your orders didn't load"
          tone="error"
          restaurantId={readCurrentRestaurantId()}
          action={failure.retryable && <TryAgainButton query={orders} />}
        >
          {failure.message}
        </MessageCard>
      </DinerShell>
    );
  }

  const active = all.filter((order) => isActiveOrder(order.status));
  const past = all.filter((order) => !isActiveOrder(order.status));

  return (
    <DinerShell width="wide">
      <header className="flex items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight md:text-4xl">
            {orderTrackingMessages.activeOrdersTitle}
          </h1>
          <p className="mt-2 text-base text-stone-600">
            {customerName ? `Hi ${customerName}, ` : ''}
            {active.length > 0 ? 'here is where your food is.' : 'nothing is cooking right now.'}
          </p>
          <LiveBadge state={live} audience="diner" className="mt-2" />
        </div>
        <RefreshButton
          refreshing={orders.isFetching && !orders.isFetchingNextPage}
          onClick={() => void orders.refetch()}
          className="mt-1"
        />
      </header>

      {orders.isRefetchError && (
        <Alert type="error" className="mt-5">
          We couldn't refresh your orders just now. What you see may be out of date.
        </Alert>
      )}

      <section aria-label={orderTrackingMessages.activeOrdersTitle} className="mt-6 md:mt-8">
        {active.length > 0 ? (
          <ul className="grid gap-5 md:grid-cols-2">
            {active.map((order) => (
              <li key={order.order_id}>
                <OrderCard order={order} token={token} />
              </li>
            ))}
          </ul>
        ) : (
          <Card className="flex flex-col items-center px-6 py-10 text-center">
            <span className="grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
              <UtensilsCrossed className="size-7" aria-hidden />
            </span>
            <p className="mt-5 text-xl font-bold tracking-tight text-stone-900">
              {orderTrackingMessages.noOrders}
            </p>
            <p className="mt-2 max-w-sm text-base text-stone-600">
              Hungry? Pick something from the menu and it will show up here.
            </p>
            <BackToMenu restaurantId={all[0]?.restaurant_id} variant="primary" className="mt-6" />
          </Card>
        )}
      </section>

      {past.length > 0 && (
        <section aria-labelledby="past-orders" className="mt-12">
          <h2 id="past-orders" className="text-lg font-semibold text-stone-600">
            Past orders
          </h2>
          <ul className="mt-4 grid gap-5 md:grid-cols-2">
            {past.map((order) => (
              <li key={order.order_id}>
                <OrderCard order={order} token={token} past />
              </li>
            ))}
          </ul>
        </section>
      )}

      {orders.hasNextPage && (
        <div className="mt-8 flex justify-center">
          <Button
            variant="secondary"
            busy={orders.isFetchingNextPage}
            onClick={() => void orders.fetchNextPage()}
          >
            Show older orders
          </Button>
        </div>
      )}

      {active.length > 0 && (
        <div className="mt-10 flex justify-center">
          <BackToMenu restaurantId={active[0]?.restaurant_id} className="w-full sm:w-auto" />
        </div>
      )}
    </DinerShell>
  );
}
