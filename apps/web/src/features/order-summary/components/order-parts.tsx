import { ownerOrderMessages, type StaffOrder } from '@tableserve/contract/owner-orders';
import { CircleCheck, ShoppingBag, StickyNote } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatPhone } from '@/lib/format-phone';
import { LineOptions } from '@/orders/components/line-options';
import { formatOrderTime } from '@/orders/lib/order-summary-format';

/** What one row or card needs to show an order and offer its actions. */
export type OrderRowProps = {
  orders: StaffOrder[];
  selected: ReadonlySet<number>;
  /** Orders that arrived live a moment ago, briefly highlighted. */
  fresh: ReadonlySet<number>;
  isPaying: (orderId: number) => boolean;
  onToggle: (orderId: number) => void;
  onMarkPaid: (order: StaffOrder) => void;
};

/** The table number, or 'Pick-up' when the order has none (docs/product/staff-screens.md#order-summary). */
export function TableLabel({
  tableNumber,
  long = false,
  compact = false,
}: {
  tableNumber: number | null;
  /** 'Table 3' where no column header says what the number is. */
  long?: boolean;
  /** Without the bag icon, for the table's narrow column. */
  compact?: boolean;
}) {
  if (tableNumber === null) {
    return (
      <span className="inline-flex items-center gap-1 rounded-md bg-violet-50 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-violet-800 ring-1 ring-violet-200 ring-inset">
        {!compact && <ShoppingBag className="size-3.5" aria-hidden />}
        {ownerOrderMessages.pickUp}
      </span>
    );
  }
  return (
    <span className="inline-flex min-w-8 items-center justify-center rounded-md bg-stone-100 px-2 py-0.5 text-sm font-semibold whitespace-nowrap text-stone-800 tabular-nums ring-1 ring-stone-200 ring-inset">
      {long ? `Table ${tableNumber}` : tableNumber}
    </span>
  );
}

/** Order Details: the item lines ('2 × Pizza'), the owner's note and when it was placed. */
export function OrderDetails({ order, showId = true }: { order: StaffOrder; showId?: boolean }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      {showId && <p className="font-semibold text-stone-900">Order #{order.order_id}</p>}
      <ul className="flex flex-col text-sm leading-6 text-stone-700">
        {order.items.map((item, index) => (
          // One dish can have two lines, with different options: the position tells them apart.
          <li key={`${item.menu_item_id}-${index}`} className="flex gap-1.5">
            <span className="shrink-0 font-medium text-stone-900 tabular-nums">{item.quantity} ×</span>
            <span className="min-w-0 break-words">
              {item.product_name}
              <LineOptions options={item.options} className="text-xs leading-5 text-stone-500" />
            </span>
          </li>
        ))}
      </ul>
      {order.other_order_details && (
        <p className="flex items-start gap-1.5 rounded-lg bg-amber-50/70 px-2 py-1 text-sm text-amber-950">
          <StickyNote className="mt-0.5 size-3.5 shrink-0 text-amber-700" aria-label="Note" />
          <span className="min-w-0 break-words">{order.other_order_details}</span>
        </p>
      )}
      <p className="text-xs text-stone-500">
        <time dateTime={order.created_at}>{formatOrderTime(order.created_at)}</time>
      </p>
    </div>
  );
}

export function CustomerDetails({ order }: { order: StaffOrder }) {
  return (
    <div className="flex min-w-0 flex-col">
      <span className="break-words font-medium text-stone-900">{order.customer_name}</span>
      <a
        href={`tel:${order.phone_number}`}
        className="w-fit text-sm whitespace-nowrap text-stone-500 tabular-nums underline-offset-2 hover:text-stone-800 hover:underline"
      >
        {formatPhone(order.phone_number)}
      </a>
    </div>
  );
}

/** docs/product/order-statuses.md#status-machine: 'Mark as Paid' only on Ready orders; it sets Completed. */
export function MarkPaidButton({
  order,
  busy,
  className,
  compact = false,
  onMarkPaid,
}: {
  order: StaffOrder;
  busy: boolean;
  className?: string;
  /** Without the icon, for the table's narrow Action column. */
  compact?: boolean;
  onMarkPaid: (order: StaffOrder) => void;
}) {
  if (compact) {
    // The spinner takes the text's place, so the narrow column keeps its width while paying.
    return (
      <Button
        className={cn('relative px-3 whitespace-nowrap', className)}
        aria-label={`${ownerOrderMessages.markPaid} order #${order.order_id}`}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => onMarkPaid(order)}
      >
        <span className={cn(busy && 'invisible')}>{ownerOrderMessages.markPaid}</span>
        {busy && <Spinner className="absolute size-4" label="Working" />}
      </Button>
    );
  }
  return (
    <Button
      className={cn('px-4 whitespace-nowrap', className)}
      aria-label={`${ownerOrderMessages.markPaid} order #${order.order_id}`}
      busy={busy}
      onClick={() => onMarkPaid(order)}
    >
      {!busy && <CircleCheck className="size-4" aria-hidden />}
      {ownerOrderMessages.markPaid}
    </Button>
  );
}

/** A finished order says so quietly where the action would be. */
export function PaidNote() {
  return (
    <span className="inline-flex items-center gap-1.5 text-sm font-medium text-stone-500">
      <CircleCheck className="size-4 text-emerald-600" aria-hidden />
      Paid
    </span>
  );
}

/** The batch checkbox, with a 44-px hit area around it; only Ready orders have one. */
export function SelectOrderCheckbox({
  order,
  checked,
  disabled,
  onToggle,
}: {
  order: StaffOrder;
  checked: boolean;
  disabled?: boolean;
  onToggle: (orderId: number) => void;
}) {
  return (
    <label className="-m-2.5 inline-flex size-11 cursor-pointer items-center justify-center rounded-lg hover:bg-stone-100 has-disabled:cursor-not-allowed">
      <input
        type="checkbox"
        className="size-5 cursor-pointer rounded accent-brand-600 disabled:cursor-not-allowed"
        checked={checked}
        disabled={disabled}
        onChange={() => onToggle(order.order_id)}
        aria-label={`Select order #${order.order_id}`}
      />
    </label>
  );
}
