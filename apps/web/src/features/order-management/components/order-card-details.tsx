import { ownerOrderMessages, type StaffOrder } from '@tableserve/contract/owner-orders';
import { Clock, Phone, ShoppingBag, StickyNote, UserRound, UtensilsCrossed } from 'lucide-react';
import { formatPhone } from '@/lib/format-phone';
import { OrderStatusBadge } from '@/orders/components/order-status-badge';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** 'Today, 7:42 PM' or 'Nov 22, 7:42 PM', in the device's zone. */
function orderTime(iso: string): string {
  const date = new Date(iso);
  const today = new Date().toDateString() === date.toDateString();
  return `${today ? 'Today' : dayFormat.format(date)}, ${timeFormat.format(date)}`;
}

/** The top of an order card: its number and time, who ordered, where, and their note. */
export function OrderCardDetails({ order, titleId }: { order: StaffOrder; titleId: string }) {
  return (
    <>
      <header className="flex items-start justify-between gap-3 px-5 pt-5">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg leading-tight font-bold tracking-tight">
            Order #{order.order_id}
          </h3>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-500">
            <Clock className="size-3.5" aria-hidden />
            <time dateTime={order.created_at}>{orderTime(order.created_at)}</time>
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>

      <dl className="mx-5 mt-4 grid grid-cols-[auto_1fr] items-center gap-x-2.5 gap-y-1.5 text-sm">
        <dt>
          <UserRound className="size-4 text-stone-400" aria-hidden />
          <span className="sr-only">Customer</span>
        </dt>
        <dd className="min-w-0 font-medium break-words text-stone-900">{order.customer_name}</dd>
        <dt>
          <Phone className="size-4 text-stone-400" aria-hidden />
          <span className="sr-only">Phone</span>
        </dt>
        <dd>
          <a
            href={`tel:${order.phone_number}`}
            className="rounded text-stone-700 tabular-nums underline-offset-2 hover:text-brand-700 hover:underline"
          >
            {formatPhone(order.phone_number)}
          </a>
        </dd>
        <dt>
          {order.table_number === null ? (
            <ShoppingBag className="size-4 text-stone-400" aria-hidden />
          ) : (
            <UtensilsCrossed className="size-4 text-stone-400" aria-hidden />
          )}
          <span className="sr-only">Table</span>
        </dt>
        <dd className="text-stone-700">
          {order.table_number === null ? ownerOrderMessages.pickUp : `Table ${order.table_number}`}
        </dd>
      </dl>

      {order.other_order_details && (
        <p className="mx-5 mt-3 flex gap-2 rounded-xl bg-amber-50/70 px-3 py-2 text-sm leading-6 text-amber-950 ring-1 ring-amber-100 ring-inset">
          <StickyNote className="mt-1 size-3.5 shrink-0 text-amber-700" aria-hidden />
          <span className="min-w-0 break-words">
            <span className="sr-only">Note: </span>
            {order.other_order_details}
          </span>
        </p>
      )}
    </>
  );
}
