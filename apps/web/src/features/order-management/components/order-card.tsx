import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { ChevronDown, ChevronUp, Plus, Undo2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { OptionChoiceDialog, optionChoiceTexts } from '@/orders/components/option-choice-dialog';
import { OrderHistory } from '@/orders/components/order-history';
import { type OrderCardOptions, useOrderCard } from '../hooks/use-order-card';
import { changeQuantity, removeLine } from '../lib/order-edit-lines';
import { AddItemsPanel } from './add-items-panel';
import { OrderCardDetails } from './order-card-details';
import { OrderCardFooter } from './order-card-footer';
import { OrderLines } from './order-lines';
import { OrderRefunds } from './order-refunds';

/**
 * One order of Order Management (docs/product/staff-screens.md#order-management): who ordered, where, what and for how much.
 * A Pending order can be edited (then 'Update Order' saves it) or approved; any order but a
 * Completed one can be deleted after a second confirmation.
 */
export function OrderCard({ order, restaurantId, token, onRefused }: OrderCardOptions) {
  const panelId = useId();
  const card = useOrderCard({ order, restaurantId, token, onRefused });
  const { pending, edited, expanded, hidden, busy } = card;

  // How many of each dish, whatever their options.
  const inOrder = new Map<number, number>();
  for (const line of card.lines)
    inOrder.set(line.menu_item_id, (inOrder.get(line.menu_item_id) ?? 0) + line.quantity);

  return (
    <article
      aria-labelledby={`${panelId}-title`}
      className={cn(
        'flex h-full w-full flex-col rounded-2xl border bg-white shadow-card transition',
        edited ? 'border-brand-300 ring-2 ring-brand-100' : 'border-stone-200/70',
        card.remove.isPending && 'opacity-60',
      )}
    >
      <OrderCardDetails order={order} titleId={`${panelId}-title`} />

      <div className="mx-5 mt-4 border-t border-stone-100 pt-1">
        <h4 className="sr-only">Items</h4>
        <OrderLines
          lines={card.shownLines}
          editable={pending}
          disabled={busy}
          onChangeQuantity={(id, delta) => card.edit((current) => changeQuantity(current, id, delta))}
          onRemove={(id) => card.edit((current) => (current.length > 1 ? removeLine(current, id) : current))}
        />
        {hidden > 0 && (
          <div className="flex items-center gap-2 border-t border-stone-100 pt-1">
            <Button
              variant="ghost"
              size="sm"
              className="-ml-3 min-h-11! text-brand-700 hover:text-brand-800"
              aria-expanded={expanded}
              onClick={card.toggleExpanded}
            >
              {expanded ? (
                <ChevronUp className="size-4" aria-hidden />
              ) : (
                <ChevronDown className="size-4" aria-hidden />
              )}
              {expanded ? ownerOrderMessages.showLess : ownerOrderMessages.showAll}
            </Button>
            {!expanded && (
              <span className="text-sm text-stone-500">
                {hidden === 1 ? '1 more item' : `${hidden} more items`}
              </span>
            )}
          </div>
        )}
      </div>

      {pending && (
        <div className="mx-5 mt-1 flex flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Button
              variant="ghost"
              size="sm"
              className="-ml-3 min-h-11!"
              aria-expanded={card.adding}
              aria-controls={card.adding ? `${panelId}-add` : undefined}
              onClick={card.toggleAdding}
              disabled={busy}
            >
              {card.adding ? (
                <ChevronUp className="size-4" aria-hidden />
              ) : (
                <Plus className="size-4" aria-hidden />
              )}
              {ownerOrderMessages.addItems}
            </Button>
            {edited && (
              <Button
                variant="ghost"
                size="sm"
                className="-mr-3 min-h-11! text-stone-600"
                onClick={card.undoChanges}
                disabled={busy}
              >
                <Undo2 className="size-4" aria-hidden />
                Undo changes
              </Button>
            )}
          </div>
          {card.adding && (
            <AddItemsPanel
              id={`${panelId}-add`}
              restaurantId={restaurantId}
              token={token}
              inOrder={inOrder}
              disabled={busy}
              onAdd={card.pick}
            />
          )}
          <OptionChoiceDialog
            item={card.choosingFor}
            confirmLabel={optionChoiceTexts.addToOrder}
            onConfirm={(chosen) => card.choosingFor && card.add(card.choosingFor, chosen)}
            onClose={card.stopChoosing}
          />
        </div>
      )}

      <div className="mx-5 mt-2">
        <OrderHistory restaurantId={restaurantId} token={token} orderId={order.order_id} />
        {/* Walk-in orders are paid at the counter, never online: nothing to refund there. */}
        {order.placed_by === 'diner' && <OrderRefunds token={token} orderId={order.order_id} />}
      </div>

      <OrderCardFooter order={order} card={card} />
    </article>
  );
}
