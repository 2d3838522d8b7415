import type { StaffOrder } from '@tableserve/contract/owner-orders';
import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import {
  CircleCheck,
  ConciergeBell,
  MessageSquareText,
  ShoppingBag,
  User,
  UtensilsCrossed,
} from 'lucide-react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { ApiRequestError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { updateOrderStatus, useOrderAction } from '@/orders/api/order-actions';
import { AllergenNote } from '@/orders/components/allergen-note';
import { LineOptions } from '@/orders/components/line-options';
import { OrderStatusBadge, statusAccent } from '@/orders/components/order-status-badge';
import type { StaffContext } from '@/orders/components/staff-screen';
import { type Age, type Ageing, ageAfter, minutesWaited } from '@/orders/lib/kitchen-ageing';
import { useClockValue } from '../hooks/use-elapsed-clock';
import { canMarkReady } from '../lib/kitchen-board';
import { kitchenDestination, kitchenTexts } from '../lib/kitchen-texts';
import { KitchenElapsedTimer } from './kitchen-elapsed-timer';

type Props = {
  order: StaffOrder;
  staff: Pick<StaffContext, 'restaurantId' | 'token'>;
  /** Arrived in the last few seconds: the card stands out. */
  isNew?: boolean;
  /** When a card still to cook turns amber, then red. */
  ageing: Ageing;
  /** The server no longer accepts the owner's token. */
  onSignedOut: () => void;
};

/** One order as the pass reads it from a metre away: number, table, what to cook, how long. */
const ageFrame: Record<Age, string> = {
  fresh: 'border-stone-200/80',
  amber: 'border-amber-400 ring-4 ring-amber-400/70',
  red: 'border-red-500 ring-4 ring-red-500/80',
};

export function KitchenOrderCard({ order, staff, isNew = false, ageing, onSignedOut }: Props) {
  const done = order.status === 'Completed' || order.status === 'Cancelled';
  // Re-renders when the minute ticks over, not every second; the colour follows the minutes.
  const waited = useClockValue((now) => minutesWaited(order, now));
  const age = ageAfter(order.status, waited, ageing);
  const headingId = `kitchen-order-${order.order_id}`;
  const pickUp = order.table_number === null;
  const PlaceIcon = pickUp ? ShoppingBag : UtensilsCrossed;

  return (
    <article
      // The heading's own name, spelt out: "#12" alone would be read as "number 12".
      aria-label={kitchenTexts.orderLabel(order.order_id)}
      data-new={isNew || undefined}
      className={cn(
        'flex flex-col overflow-hidden rounded-2xl border bg-white shadow-card',
        isNew ? 'border-brand-400 ring-4 ring-brand-500/80' : ageFrame[age ?? 'fresh'],
        done && 'bg-stone-50/80',
      )}
    >
      <div aria-hidden className={cn('h-2', statusAccent[order.status])} />
      <div className={cn('flex flex-col gap-4', done ? 'p-4' : 'p-5')}>
        <header className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h3
                id={headingId}
                className={cn(
                  'leading-none font-extrabold tracking-tight',
                  done ? 'text-2xl text-stone-600' : 'text-4xl',
                )}
              >
                <span className="sr-only">{kitchenTexts.orderLabel(order.order_id)}</span>
                <span aria-hidden>{kitchenTexts.orderNumber(order.order_id)}</span>
              </h3>
              {isNew && (
                <span className="rounded-full bg-brand-600 px-2.5 py-1 text-xs font-bold tracking-wider text-white uppercase">
                  {kitchenTexts.newTag}
                </span>
              )}
              {age === 'amber' && (
                <span className="rounded-full bg-amber-100 px-3 py-1 text-base font-bold text-amber-900 ring-1 ring-amber-300 ring-inset">
                  {kitchenTexts.waiting(waited)}
                </span>
              )}
              {age === 'red' && (
                <span className="rounded-full bg-red-600 px-3 py-1 text-base font-bold text-white">
                  {kitchenTexts.late(waited)}
                </span>
              )}
            </div>
            <p
              className={cn(
                'mt-2 flex items-center gap-2 font-bold',
                done ? 'text-lg text-stone-600' : 'text-2xl text-brand-700',
              )}
            >
              <PlaceIcon className={cn('shrink-0', done ? 'size-4' : 'size-6')} aria-hidden />
              {kitchenDestination(order)}
            </p>
            <p className="mt-1.5 flex items-center gap-1.5 text-sm text-stone-500">
              <User className="size-4 shrink-0" aria-hidden />
              <span className="truncate">{order.customer_name}</span>
            </p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-2">
            <OrderStatusBadge status={order.status} large />
            <KitchenElapsedTimer since={order.updated_at} muted={done} />
          </div>
        </header>

        <ul className={cn('flex flex-col', done ? 'gap-1.5' : 'gap-2.5')}>
          {order.items.map((item, index) => (
            <li
              // One dish can have two lines, with different options: the position tells them apart.
              key={`${item.menu_item_id}-${index}`}
              className={cn(
                'flex items-baseline gap-3 leading-snug',
                done ? 'text-base text-stone-600' : 'text-xl font-semibold text-stone-900',
              )}
            >
              <span
                className={cn(
                  'inline-flex min-w-11 shrink-0 justify-center rounded-lg px-2 py-0.5 font-extrabold tabular-nums',
                  done ? 'bg-stone-200/70 text-stone-700' : 'bg-stone-900 text-white',
                )}
              >
                {item.quantity}×
              </span>
              <span className="flex min-w-0 flex-col items-start gap-1">
                <span className="break-words">{item.product_name}</span>
                {/* How to make it: in the line's own type, a step quieter than the dish's name. */}
                <LineOptions
                  byGroup
                  options={item.options}
                  className={
                    done ? 'text-sm text-stone-500' : 'text-lg leading-snug font-medium text-stone-700'
                  }
                />
                {/* The allergens the dish has now, where the cook cannot miss them. */}
                <AllergenNote allergens={item.allergens} size={done ? 'base' : 'large'} />
              </span>
            </li>
          ))}
        </ul>

        {order.other_order_details && (
          <p
            className={cn(
              'flex gap-2.5 rounded-xl border-l-4 border-amber-500 bg-amber-50 px-4 py-3 font-semibold text-amber-950',
              done ? 'text-base' : 'text-lg',
            )}
          >
            <MessageSquareText className="mt-1 size-5 shrink-0 text-amber-700" aria-hidden />
            <span className="min-w-0 break-words whitespace-pre-line">
              <span className="sr-only">{kitchenTexts.note}: </span>
              {order.other_order_details}
            </span>
          </p>
        )}

        {canMarkReady(order.status) && (
          <MarkReadyButton order={order} staff={staff} onSignedOut={onSignedOut} />
        )}
        {order.status === 'Ready' && (
          <p className="flex min-h-14 items-center justify-center gap-2 rounded-xl bg-emerald-50 px-4 text-lg font-bold text-emerald-800 ring-1 ring-emerald-200 ring-inset">
            <CircleCheck className="size-6" aria-hidden />
            {pickUp ? kitchenTexts.readyForPickUp : kitchenTexts.readyToServe}
          </p>
        )}
      </div>
    </article>
  );
}

function MarkReadyButton({ order, staff, onSignedOut }: Omit<Props, 'isNew' | 'ageing'>) {
  const markReady = useOrderAction(staff.restaurantId, (orderId: number) =>
    updateOrderStatus(staff, orderId, 'Ready'),
  );

  function mark() {
    if (markReady.isPending) return;
    markReady.mutate(order.order_id, {
      onError: (error) => {
        // docs/product/accounts.md#owner-session: an expired or forged token logs the owner out.
        if (error instanceof ApiRequestError && error.status === 401) return onSignedOut();
        toast.error(ownerOrderMessages.statusFailed('Ready'));
      },
    });
  }

  return (
    <Button
      size="lg"
      busy={markReady.isPending}
      onClick={mark}
      className="min-h-14 w-full text-lg"
      aria-describedby={`kitchen-order-${order.order_id}`}
    >
      {!markReady.isPending && <ConciergeBell className="size-6" aria-hidden />}
      {markReady.isPending ? kitchenTexts.markingReady : ownerOrderMessages.markReady}
    </Button>
  );
}
