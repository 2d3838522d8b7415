import type { MenuItem } from '@tableserve/contract/menu';
import {
  OWNER_ORDER_PREVIEW_COUNT,
  ownerOrderMessages,
  type StaffOrder,
} from '@tableserve/contract/owner-orders';
import { Check, ChevronDown, ChevronUp, CircleAlert, Plus, RefreshCw, Trash2, Undo2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Button, buttonClasses } from '@/components/ui/button';
import { ApiRequestError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { hasOptions } from '@/lib/item-options';
import { formatDollars } from '@/lib/money';
import { sessionKeys, sessionStore } from '@/lib/storage';
import { OptionChoiceDialog, optionChoiceTexts } from '@/orders/components/option-choice-dialog';
import { isRefusedToken } from '@/session/owner/owner-session';
import { useOrderCardActions } from '../hooks/use-order-card-actions';
import {
  addMenuItem,
  changeQuantity,
  type EditLine,
  isEdited,
  linesOf,
  linesTotal,
  removeLine,
} from '../lib/order-edit-lines';
import { AddItemsPanel } from './add-items-panel';
import { OrderCardDetails } from './order-card-details';
import { OrderLines } from './order-lines';

type OrderCardProps = {
  order: StaffOrder;
  restaurantId: number;
  token: string;
  /** A 401 or 403 on an action: the owner's token is no longer accepted. */
  onRefused: () => void;
};

type Failure = { text: string; detail?: string };

/**
 * One order of Order Management (docs/product/staff-screens.md#order-management): who ordered, where, what and for how much.
 * A Pending order can be edited (then 'Update Order' saves it) or approved; any order but a
 * Completed one can be deleted after a second confirmation.
 */
export function OrderCard({ order, restaurantId, token, onRefused }: OrderCardProps) {
  const _caller = { restaurantId, token };
  const orderId = order.order_id;
  const pending = order.status === 'Pending';
  const panelId = useId();
  const [draft, setDraft] = useState<EditLine[] | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [adding, setAdding] = useState(false);
  const [choosingFor, setChoosingFor] = useState<MenuItem | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  // The two-step delete swaps its buttons: focus follows, so a keyboard user is never left nowhere.
  const cancelDelete = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const focusDeleteNext = useRef(false);

  const { approve, update, remove, busy } = useOrderCardActions(restaurantId, token, orderId);

  // An order that leaves Pending (approved here, by the kitchen, or cancelled) is no longer editable.
  useEffect(() => {
    if (!pending) {
      setDraft(null);
      setAdding(false);
    }
  }, [pending]);

  useEffect(() => {
    if (confirmingDelete) cancelDelete.current?.focus();
    else if (focusDeleteNext.current) deleteButton.current?.focus();
    focusDeleteNext.current = false;
  }, [confirmingDelete]);

  const lines = pending && draft ? draft : linesOf(order);
  const edited = pending && draft !== null && isEdited(order, draft);
  const hidden = lines.length - OWNER_ORDER_PREVIEW_COUNT;
  const shownLines = expanded || hidden <= 0 ? lines : lines.slice(0, OWNER_ORDER_PREVIEW_COUNT);

  function edit(next: (lines: EditLine[]) => EditLine[]) {
    setFailure(null);
    setDraft(next(lines));
  }

  function add(item: MenuItem, chosen: number[]) {
    setChoosingFor(null);
    edit((current) => addMenuItem(current, item, chosen));
    setExpanded(true);
  }

  /** A dish with option groups is chosen for first (docs/decisions/017-item-options.md); one without goes straight in. */
  const pick = (item: MenuItem) => (hasOptions(item) ? setChoosingFor(item) : add(item, []));

  /** docs/product/staff-screens.md#order-management: approve, update and delete failures are only logged; a quiet line says so. */
  function failed(what: string) {
    return (error: unknown) => {
      console.error(`Could not ${what} order #${orderId}`, error);
      if (isRefusedToken(error)) return onRefused();
      const detail =
        error instanceof ApiRequestError && error.status !== undefined ? error.serverMessage : undefined;
      setFailure({ text: ownerOrderMessages.saveFailed, detail });
    };
  }

  function saveOrApprove() {
    setFailure(null);
    if (edited && draft) {
      update.mutate(draft, { onSuccess: () => setDraft(null), onError: failed('update') });
    } else {
      approve.mutate(undefined, { onError: failed('approve') });
    }
  }

  function confirmDelete() {
    setFailure(null);
    remove.mutate(undefined, {
      onSuccess: () => {
        // docs/product/web-app.md#client-storage, docs/product/api-conventions.md#api-calls: the session flag after a successful deletion.
        sessionStore.set(sessionKeys.orderDeleted, 'true');
        toast.success(ownerOrderMessages.orderDeleted(orderId));
      },
      onError: (error) => {
        setConfirmingDelete(false);
        failed('delete')(error);
      },
    });
  }

  // How many of each dish, whatever their options.
  const inOrder = new Map<number, number>();
  for (const line of lines)
    inOrder.set(line.menu_item_id, (inOrder.get(line.menu_item_id) ?? 0) + line.quantity);
  const total = edited ? linesTotal(lines) : order.total_amount;

  return (
    <article
      aria-labelledby={`${panelId}-title`}
      className={cn(
        'flex h-full w-full flex-col rounded-2xl border bg-white shadow-card transition',
        edited ? 'border-brand-300 ring-2 ring-brand-100' : 'border-stone-200/70',
        remove.isPending && 'opacity-60',
      )}
    >
      <OrderCardDetails order={order} titleId={`${panelId}-title`} />

      <div className="mx-5 mt-4 border-t border-stone-100 pt-1">
        <h4 className="sr-only">Items</h4>
        <OrderLines
          lines={shownLines}
          editable={pending}
          disabled={busy}
          onChangeQuantity={(id, delta) => edit((current) => changeQuantity(current, id, delta))}
          onRemove={(id) => edit((current) => (current.length > 1 ? removeLine(current, id) : current))}
        />
        {hidden > 0 && (
          <div className="flex items-center gap-2 border-t border-stone-100 pt-1">
            <Button
              variant="ghost"
              size="sm"
              className="-ml-3 min-h-11! text-brand-700 hover:text-brand-800"
              aria-expanded={expanded}
              onClick={() => setExpanded((value) => !value)}
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
              aria-expanded={adding}
              aria-controls={adding ? `${panelId}-add` : undefined}
              onClick={() => setAdding((value) => !value)}
              disabled={busy}
            >
              {adding ? (
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
                onClick={() => {
                  setDraft(null);
                  setFailure(null);
                }}
                disabled={busy}
              >
                <Undo2 className="size-4" aria-hidden />
                Undo changes
              </Button>
            )}
          </div>
          {adding && (
            <AddItemsPanel
              id={`${panelId}-add`}
              restaurantId={restaurantId}
              token={token}
              inOrder={inOrder}
              disabled={busy}
              onAdd={pick}
            />
          )}
          <OptionChoiceDialog
            item={choosingFor}
            confirmLabel={optionChoiceTexts.addToOrder}
            onConfirm={(chosen) => choosingFor && add(choosingFor, chosen)}
            onClose={() => setChoosingFor(null)}
          />
        </div>
      )}

      <div className="mt-auto px-5 pt-4 pb-5">
        <div className="flex items-baseline justify-between gap-3 border-t border-dashed border-stone-200 pt-3">
          <p className="text-sm font-medium text-stone-600">
            {edited ? 'New total' : 'Total'}
            {edited && <span className="ml-1.5 text-xs font-normal text-stone-500">(estimate)</span>}
          </p>
          <p className="text-xl font-bold text-stone-900 tabular-nums">{formatDollars(total)}</p>
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

        {confirmingDelete ? (
          <div className="mt-4 rounded-xl border border-red-200 bg-red-50/70 p-3">
            <p className="text-sm font-medium text-red-900">
              Delete order #{orderId}? This cannot be undone.
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                variant="danger"
                busy={remove.isPending}
                onClick={confirmDelete}
                className="flex-1 px-3! whitespace-nowrap"
              >
                {ownerOrderMessages.confirmDelete}
              </Button>
              <button
                type="button"
                ref={cancelDelete}
                disabled={remove.isPending}
                onClick={() => {
                  setConfirmingDelete(false);
                  focusDeleteNext.current = true;
                }}
                className={buttonClasses({
                  variant: 'secondary',
                  className: 'flex-1 px-3! whitespace-nowrap',
                })}
              >
                {ownerOrderMessages.cancel}
              </button>
            </div>
          </div>
        ) : (
          (pending || order.status !== 'Completed') && (
            <div className={cn('mt-4 grid gap-2', pending && 'grid-cols-2')}>
              {pending && (
                <Button
                  busy={approve.isPending || update.isPending}
                  onClick={saveOrApprove}
                  disabled={busy}
                  className="px-3! whitespace-nowrap"
                >
                  {!(approve.isPending || update.isPending) &&
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
                ref={deleteButton}
                className={buttonClasses({
                  variant: 'ghost',
                  className:
                    'px-3! whitespace-nowrap text-red-700 hover:bg-red-50 hover:text-red-800 active:bg-red-100',
                })}
                onClick={() => {
                  setFailure(null);
                  setConfirmingDelete(true);
                }}
                disabled={busy}
              >
                <Trash2 className="size-4" aria-hidden />
                {ownerOrderMessages.deleteOrder}
              </button>
            </div>
          )
        )}
      </div>
    </article>
  );
}
