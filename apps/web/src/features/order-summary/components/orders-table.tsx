import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { cn } from '@/lib/cn';
import { formatDollars } from '@/lib/money';
import { OrderStatusBadge } from '@/orders/components/order-status-badge';
import { PaymentStatePill } from '@/orders/components/payment-state-pill';
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

const [selectColumn, tableColumn, detailsColumn, customerColumn, totalColumn, statusColumn, actionColumn] =
  ownerOrderMessages.columns;

const headerCell = 'px-2.5 py-2.5 text-left text-xs font-semibold text-stone-500';

/** The desktop Order Summary table (docs/product/order-statuses.md#status-machine: Select, Table, Order Details, Customer, Total, Status, Action). */
export function OrdersTable({ orders, selected, fresh, isPaying, onToggle, onMarkPaid }: OrderRowProps) {
  return (
    <table className="w-full table-fixed border-collapse text-sm">
      <caption className="sr-only">Orders</caption>
      <colgroup>
        <col className="w-16" />
        <col className="w-[4.5rem]" />
        <col />
        <col className="w-32" />
        <col className="w-20" />
        <col className="w-[7.25rem]" />
        <col className="w-[9.75rem]" />
      </colgroup>
      <thead className="border-b border-stone-200 bg-stone-50/80">
        <tr>
          <th scope="col" className={cn(headerCell, 'pl-4')}>
            {selectColumn}
          </th>
          <th scope="col" className={cn(headerCell, 'px-2')}>
            {tableColumn}
          </th>
          <th scope="col" className={headerCell}>
            {detailsColumn}
          </th>
          <th scope="col" className={headerCell}>
            {customerColumn}
          </th>
          <th scope="col" className={cn(headerCell, 'text-right')}>
            {totalColumn}
          </th>
          <th scope="col" className={headerCell}>
            {statusColumn}
          </th>
          <th scope="col" className={cn(headerCell, 'pr-4 text-right')}>
            {actionColumn}
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => {
          const payable = isPayable(order);
          const paying = isPaying(order.order_id);
          const checked = selected.has(order.order_id);
          return (
            <tr
              key={order.order_id}
              data-fresh={fresh.has(order.order_id) || undefined}
              className={cn(
                'border-b border-stone-100 align-top transition-colors duration-700 last:border-b-0 hover:bg-stone-50/70',
                checked && 'bg-brand-50/60 hover:bg-brand-50/80',
                fresh.has(order.order_id) && 'bg-amber-50',
              )}
            >
              <td className="py-3.5 pr-1 pl-4">
                {payable && (
                  <SelectOrderCheckbox
                    order={order}
                    checked={checked}
                    disabled={paying}
                    onToggle={onToggle}
                  />
                )}
              </td>
              <td className="px-2 py-3.5">
                <TableLabel tableNumber={order.table_number} compact />
              </td>
              <td className="px-2.5 py-3.5">
                <OrderDetails order={order} />
              </td>
              <td className="px-2.5 py-3.5">
                <CustomerDetails order={order} />
              </td>
              <td className="px-2.5 py-3.5 text-right font-semibold text-stone-900 tabular-nums">
                {formatDollars(order.total_amount)}
                <PaymentStatePill order={order} className="ml-1.5" />
              </td>
              <td className="px-2.5 py-3.5">
                <OrderStatusBadge status={order.status} />
              </td>
              <td className="py-3 pr-4 pl-2 text-right">
                {payable ? (
                  <MarkPaidButton order={order} busy={paying} onMarkPaid={onMarkPaid} compact />
                ) : order.status === 'Completed' ? (
                  <PaidNote />
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
