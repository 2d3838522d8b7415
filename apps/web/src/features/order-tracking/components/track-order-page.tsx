import { orderMessages } from '@tableserve/contract/order';
import { orderTrackingMessages } from '@tableserve/contract/order-tracking';
import { ArrowRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LiveBadge } from '@/components/ui/live-badge';
import { LoadingScreen } from '@/components/ui/spinner';
import { readCustomerToken } from '@/session/diner/customer-session';
import { type OrderStatusData, orderStatusQueryKey, useOrderStatus } from '../api/order-status';
import type { OrderRef } from '../api/order-summary';
import { useLiveOrder } from '../hooks/use-live-order';
import { orderStatusLink, readTrackOrderTarget } from '../lib/order-status-params';
import { BackToMenu } from './back-to-menu';
import { DinerShell } from './diner-shell';
import { MessageCard } from './message-card';
import { ProgressChecklist } from './progress-checklist';
import { RefreshButton } from './refresh-button';
import { TryAgainButton } from './try-again-button';

/** /track-order?restaurant_id&order_id (docs/product/ordering.md#track-order, docs/product/api-conventions.md#api-calls). */
export function TrackOrderPage() {
  const [search] = useSearchParams();
  const { restaurantId, orderId } = readTrackOrderTarget(search);
  if (restaurantId === null || orderId === null) {
    return (
      <DinerShell width="narrow">
        <MessageCard title="We couldn't tell which order to track">
          This tracking link is missing the order number or the restaurant.
        </MessageCard>
      </DinerShell>
    );
  }
  return <TrackOrder order={{ restaurantId, orderId }} />;
}

function TrackOrder({ order }: { order: OrderRef }) {
  const status = useOrderStatus(order);
  // The status call is public; a diner signed in on this device also gets it live (their own orders only).
  const token = readCustomerToken();
  const live = useLiveOrder<OrderStatusData>({
    restaurantId: order.restaurantId,
    token,
    queryKey: orderStatusQueryKey(order),
    refetch: status.refetch,
  });

  if (status.isPending) {
    return (
      <DinerShell width="narrow">
        <LoadingScreen label="Loading your order status" />
      </DinerShell>
    );
  }
  if (status.isError) {
    return (
      <DinerShell width="narrow">
        <MessageCard
          title="Order status unavailable"
          tone="error"
          restaurantId={order.restaurantId}
          action={<TryAgainButton query={status} />}
        >
          {orderMessages.trackFailed}
        </MessageCard>
      </DinerShell>
    );
  }

  const details = token
    ? orderStatusLink({ order_id: order.orderId, restaurant_id: order.restaurantId }, token)
    : null;
  return (
    <DinerShell width="narrow">
      <Card className="p-5 sm:p-6 md:p-8">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">
              {orderTrackingMessages.orderNumber(order.orderId)}
            </p>
            <h1 aria-live="polite" className="mt-2 text-2xl font-bold tracking-tight md:text-3xl">
              {orderTrackingMessages.statusPrefix}
              <span className="text-brand-700">{status.data.status}</span>
            </h1>
            <LiveBadge state={live} audience="diner" className="mt-2" />
          </div>
          <RefreshButton refreshing={status.isFetching} onClick={() => void status.refetch()} />
        </div>
        <div className="mt-6 border-t border-stone-100 pt-6">
          <ProgressChecklist status={status.data.status} />
        </div>
      </Card>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        {details && (
          <Link
            to={details.to}
            state={details.state}
            className={buttonClasses({ size: 'lg', className: 'sm:flex-1' })}
          >
            See order details
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        )}
        <BackToMenu restaurantId={order.restaurantId} className="sm:flex-1" />
      </div>
    </DinerShell>
  );
}
