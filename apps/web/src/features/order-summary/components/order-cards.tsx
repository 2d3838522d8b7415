import { cn } from '@/lib/cn';
import { formatDollars } from '@/lib/money';
import { OrderStatusBadge } from '@/orders/components/order-status-badge';
import { isPayable } from '../lib/order-summary-selection';
import {
  CustomerDetails,
  MarkPaidButton,
  OrderDetails,
  type OrderRowProps,
  PaidNote,
  SelectOrderCheckbox,
  TableLabel,
} from './order-parts';

/** The Order Summary on a phone or a narrow window: one card per order, same data and controls. */
export function OrderCards({ orders, selected, fresh, isPaying, onToggle, onMarkPaid }: OrderRowProps) {
  return (
    // One column on a phone; two side by side where the card is wide enough (a tablet beside the menu).
    <div className="@container">
      <ul
        aria-label="Orders"
        className="grid divide-y divide-stone-100 @xl:grid-cols-2 @xl:gap-3 @xl:divide-y-0 @xl:p-3"
      >
        {orders.map((order) => {
          const payable = isPayable(order);
          const paying = isPaying(order.order_id);
          const checked = selected.has(order.order_id);
          return (
            <li
              key={order.order_id}
              aria-label={`Order #${order.order_id}`}
              data-fresh={fresh.has(order.order_id) || undefined}
              className={cn(
                'flex flex-col gap-3 px-4 py-4 transition-colors duration-700 @xl:rounded-xl @xl:border @xl:border-stone-200',
                checked && 'bg-brand-50/60 @xl:border-brand-200',
                fresh.has(order.order_id) && 'bg-amber-50',
              )}
            >
              <div className="flex items-start gap-3">
                {payable && (
                  <div className="pt-0.5">
                    <SelectOrderCheckbox
                      order={order}
                      checked={checked}
                      disabled={paying}
                      onToggle={onToggle}
                    />
                  </div>
                )}
                <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2.5 gap-y-1.5">
                  <p className="font-semibold text-stone-900">Order #{order.order_id}</p>
                  <TableLabel tableNumber={order.table_number} long />
                </div>
                <OrderStatusBadge status={order.status} className="shrink-0" />
              </div>
              <OrderDetails order={order} showId={false} />
              <div className="flex items-end justify-between gap-4 border-t border-dashed border-stone-200 pt-3">
                <CustomerDetails order={order} />
                <p className="shrink-0 text-lg font-semibold text-stone-900 tabular-nums">
                  {formatDollars(order.total_amount)}
                </p>
              </div>
              {payable ? (
                <MarkPaidButton order={order} busy={paying} onMarkPaid={onMarkPaid} className="w-full" />
              ) : order.status === 'Completed' ? (
                <PaidNote />
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
