import type { OrderSummary } from '@tableserve/contract/order';
import { orderTrackingMessages } from '@tableserve/contract/order-tracking';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatDollars } from '@/lib/money';
import { formatPlacedAt, orderPlace } from '../lib/order-format';
import { orderStatusLink } from '../lib/order-status-params';
import { OrderItems } from './order-items';
import { OrderStatusBadge } from './order-status-badge';

/**
 * One order on /customer_orders (docs/product/ordering.md#customer-orders): restaurant, status, order id,
 * placed date, table, items, total and 'Track Order Status'. Finished orders look quieter.
 */
export function OrderCard({
  order,
  token,
  past = false,
}: {
  order: OrderSummary;
  token: string;
  past?: boolean;
}) {
  const link = orderStatusLink(order, token);
  // Active orders sit right under the page's h1; past ones under their own "Past orders" h2.
  const Heading = past ? 'h3' : 'h2';
  const facts = [
    { label: 'Order', value: `#${order.order_id}` },
    { label: 'Placed', value: formatPlacedAt(order.created_at) },
    { label: 'Table', value: orderPlace(order) },
  ];
  return (
    <Card className={cn('flex h-full flex-col', past && 'border-stone-200 bg-stone-50/80 shadow-none')}>
      <div className="flex items-start justify-between gap-3 px-5 pt-5 sm:px-6">
        <Heading className={cn('min-w-0 text-lg font-semibold tracking-tight', past && 'text-stone-700')}>
          {order.restaurant_name}
        </Heading>
        <OrderStatusBadge status={order.status} className="mt-0.5" />
      </div>

      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 px-5 text-sm sm:px-6">
        {facts.map((fact) => (
          <div key={fact.label} className="contents">
            <dt className="text-stone-500">{fact.label}</dt>
            <dd className="font-medium text-stone-800 tabular-nums">{fact.value}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-3 px-5 text-sm sm:px-6">
        <OrderItems items={order.items} showSubtotal={false} />
      </div>

      <div className="mt-auto flex flex-col gap-4 border-t border-stone-100 px-5 pt-4 pb-5 sm:px-6">
        <div className="flex items-baseline justify-between">
          <span className="text-sm font-medium text-stone-600">Total</span>
          <span className="text-lg font-bold text-stone-900 tabular-nums">
            {formatDollars(order.total_amount)}
          </span>
        </div>
        <Link
          to={link.to}
          state={link.state}
          className={buttonClasses({ variant: past ? 'secondary' : 'primary', className: 'w-full' })}
        >
          {orderTrackingMessages.trackOrderStatus}
          <ChevronRight className="size-4" aria-hidden />
        </Link>
      </div>
    </Card>
  );
}
