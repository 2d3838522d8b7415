import type { MenuItem } from '@tableserve/contract/menu';
import {
  OWNER_ORDER_PREVIEW_COUNT,
  ownerOrderMessages,
  type StaffOrder,
} from '@tableserve/contract/owner-orders';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { ApiRequestError } from '@/lib/api-client';
import { hasOptions } from '@/lib/item-options';
import { sessionKeys, sessionStore } from '@/lib/storage';
import { isRefusedToken } from '@/session/owner/owner-session';
import { addMenuItem, type EditLine, isEdited, linesOf, linesTotal } from '../lib/order-edit-lines';
import { useOrderCardActions } from './use-order-card-actions';

export type OrderCardFailure = { text: string; detail?: string };

/** What an order card is given, and so its hook. */
export type OrderCardOptions = {
  order: StaffOrder;
  restaurantId: number;
  token: string;
  /** A 401 or 403 on an action: the owner's token is no longer accepted. */
  onRefused: () => void;
};

/**
 * What one card of Order Management (docs/product/staff-screens.md#order-management) holds
 * while the owner works on it: the edited lines of a Pending order, the open panels, the dish
 * whose options are being chosen, the two-step delete and the last failure; and what the card's
 * buttons do with them.
 */
export function useOrderCard({ order, restaurantId, token, onRefused }: OrderCardOptions) {
  const orderId = order.order_id;
  const pending = order.status === 'Pending';
  const [draft, setDraft] = useState<EditLine[] | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [adding, setAdding] = useState(false);
  const [choosingFor, setChoosingFor] = useState<MenuItem | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [failure, setFailure] = useState<OrderCardFailure | null>(null);
  // Cancel swaps the confirmation back for Delete Order: focus follows, so a keyboard user is never left nowhere.
  const deleteButton = useRef<HTMLButtonElement>(null);
  const focusDeleteNext = useRef(false);

  const actions = useOrderCardActions(restaurantId, token, orderId);

  // An order that leaves Pending (approved here, by the kitchen, or cancelled) is no longer editable.
  useEffect(() => {
    if (!pending) {
      setDraft(null);
      setAdding(false);
    }
  }, [pending]);

  useEffect(() => {
    if (!confirmingDelete && focusDeleteNext.current) deleteButton.current?.focus();
    focusDeleteNext.current = false;
  }, [confirmingDelete]);

  const lines = pending && draft ? draft : linesOf(order);
  const edited = pending && draft !== null && isEdited(order, draft);
  const hidden = lines.length - OWNER_ORDER_PREVIEW_COUNT;

  function edit(next: (lines: EditLine[]) => EditLine[]) {
    setFailure(null);
    setDraft(next(lines));
  }

  function add(item: MenuItem, chosen: number[]) {
    setChoosingFor(null);
    edit((current) => addMenuItem(current, item, chosen));
    setExpanded(true);
  }

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

  return {
    ...actions,
    pending,
    lines,
    edited,
    hidden,
    shownLines: expanded || hidden <= 0 ? lines : lines.slice(0, OWNER_ORDER_PREVIEW_COUNT),
    total: edited ? linesTotal(lines) : order.total_amount,
    failure,
    expanded,
    toggleExpanded: () => setExpanded((value) => !value),
    adding,
    toggleAdding: () => setAdding((value) => !value),
    edit,
    undoChanges() {
      setDraft(null);
      setFailure(null);
    },
    choosingFor,
    add,
    /** A dish with option groups is chosen for first (docs/decisions/017-item-options.md); one without goes straight in. */
    pick: (item: MenuItem) => (hasOptions(item) ? setChoosingFor(item) : add(item, [])),
    stopChoosing: () => setChoosingFor(null),
    saveOrApprove() {
      setFailure(null);
      if (edited && draft) {
        actions.update.mutate(draft, { onSuccess: () => setDraft(null), onError: failed('update') });
      } else {
        actions.approve.mutate(undefined, { onError: failed('approve') });
      }
    },
    confirmingDelete,
    deleteButton,
    askToDelete() {
      setFailure(null);
      setConfirmingDelete(true);
    },
    cancelDelete() {
      setConfirmingDelete(false);
      focusDeleteNext.current = true;
    },
    confirmDelete() {
      setFailure(null);
      actions.remove.mutate(undefined, {
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
    },
  };
}

export type OrderCardState = ReturnType<typeof useOrderCard>;
