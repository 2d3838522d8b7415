import { ownerOrderMessages, type StaffOrder } from '@tableserve/contract/owner-orders';
import { Check, CircleAlert, RefreshCw, Trash2 } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { PriceBreakdown } from '@/components/ui/price-breakdown';
import { cn } from '@/lib/cn';
import { formatCents, formatDollars } from '@/lib/money';
import { PaymentStatePill } from '@/orders/components/payment-state-pill';
import { orderFigures } from '@/orders/lib/order-figures';
import type { OrderCardState } from '../hooks/use-order-card';
import { DeleteConfirmation } from './delete-confirmation';
import { SaveConfirmation } from './save-confirmation';

/**
 * The foot of an order card: the total (an estimate while the lines are edited), the last
 * failure, and Approve or Update Order and Delete Order; any order but a Completed one can be
 * deleted, after a second confirmation. Either confirmation says what the change does to the
 * money first (docs/product/payments.md#order-changes).
 */
export function OrderCardFooter({ order, card }: { order: StaffOrder; card: OrderCardState }) {
  const { pending, edited, failure, saving } = card;
  // The stored figures; an edit shows its estimate only, the server prices it again.
  const figures = edited ? null : orderFigures(order);
  return (
    <div className="mt-auto px-5 pt-4 pb-5">
      {figures && (
        <div className="border-t border-dashed border-stone-200 pt-3">
          <div className="flex items-baseline justify-between text-sm text-stone-600">
            <span>Subtotal</span>
            <span className="tabular-nums">{formatCents(figures.subtotalCents)}</span>
          </div>
          <PriceBreakdown figures={figures} showTotal={false} />
        </div>
      )}
      <div className="flex items-baseline justify-between gap-3 border-t border-dashed border-stone-200 pt-3">
        <p className="flex items-center gap-2 text-sm font-medium text-stone-600">
          {edited ? 'New total' : 'Total'}
          {edited && <span className="text-xs font-normal text-stone-500">(estimate)</span>}
          {!edited && <PaymentStatePill order={order} />}
        </p>
        <p className="text-xl font-bold text-stone-900 tabular-nums">{formatDollars(card.total)}</p>
      </div>

      {failure && (
        <p role="status" className="mt-3 flex items-start gap-2 text-sm text-red-700">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {failure.text}
            {failure.detail && <span className="block text-stone-600">{failure.detail}</span>}
          </span>
        </p>
      )}

      {card.confirmingSave !== null ? (
        <SaveConfirmation
          orderId={order.order_id}
          message={card.confirmingSave}
          saving={card.update.isPending}
          onConfirm={card.confirmSave}
          onCancel={card.cancelSave}
        />
      ) : card.confirmingDelete ? (
        <DeleteConfirmation
          orderId={order.order_id}
          deleting={card.remove.isPending}
          money={card.deleteMoney}
          onRetryMoney={card.retryDeleteMoney}
          onConfirm={card.confirmDelete}
          onCancel={card.cancelDelete}
        />
      ) : (
        (pending || order.status !== 'Completed') && (
          <div className={cn('mt-4 grid gap-2', pending && 'grid-cols-2')}>
            {pending && (
              <Button
                ref={card.saveButton}
                busy={saving}
                onClick={card.saveOrApprove}
                disabled={card.busy}
                className="px-3! whitespace-nowrap"
              >
                {!saving &&
                  (edited ? (
                    <RefreshCw className="size-4" aria-hidden />
                  ) : (
                    <Check className="size-4" aria-hidden />
                  ))}
                {edited ? ownerOrderMessages.updateOrder : ownerOrderMessages.approve}
              </Button>
            )}
            <button
              type="button"
              ref={card.deleteButton}
              className={buttonClasses({
                variant: 'ghost',
                className:
                  'px-3! whitespace-nowrap text-red-700 hover:bg-red-50 hover:text-red-800 active:bg-red-100',
              })}
              onClick={card.askToDelete}
              disabled={card.busy}
            >
              <Trash2 className="size-4" aria-hidden />
              {ownerOrderMessages.deleteOrder}
            </button>
          </div>
        )
      )}
    </div>
  );
}
