import type { MenuItem } from '@tableserve/contract/menu';
import {
  OWNER_ORDER_PREVIEW_COUNT,
  ownerOrderMessages,
  type StaffOrder,
} from '@tableserve/contract/owner-orders';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '@/lib/api-client';
import { hasOptions } from '@/lib/item-options';
import { isRefusedToken } from '@/session/owner/owner-session';
import { useMoneyPreview } from '../api/money-preview';
import { mayMoveMoney, moneyCheckOf, refusalOf } from '../lib/money-check';
import {
  addMenuItem,
  type EditLine,
  isEdited,
  linesOf,
  linesTotal,
  orderItemsOf,
} from '../lib/order-edit-lines';
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
  /** The preview's sentence while the edit waits for Save changes (docs/product/payments.md#order-changes). */
  const [confirmingSave, setConfirmingSave] = useState<string | null>(null);
  const [failure, setFailure] = useState<OrderCardFailure | null>(null);
  // Cancel swaps a confirmation back for its button: focus follows, so a keyboard user is never left nowhere.
  const deleteButton = useRef<HTMLButtonElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<RefObject<HTMLButtonElement | null> | null>(null);

  const actions = useOrderCardActions(restaurantId, token, orderId);
  // What a delete or an edit would do to the money, asked before the staff member confirms.
  const money = mayMoveMoney(order);
  const deletePreview = useMoneyPreview(restaurantId, token, orderId);
  const savePreview = useMoneyPreview(restaurantId, token, orderId);

  // An order that leaves Pending (approved here, by the kitchen, or cancelled) is no longer editable.
  useEffect(() => {
    if (!pending) {
      setDraft(null);
      setAdding(false);
      setConfirmingSave(null);
    }
  }, [pending]);

  useEffect(() => {
    if (confirmingDelete || confirmingSave !== null) return;
    focusNext.current?.current?.focus();
    focusNext.current = null;
  }, [confirmingDelete, confirmingSave]);

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

  function save(lines: EditLine[]) {
    actions.update.mutate(lines, {
      onSuccess: () => {
        setConfirmingSave(null);
        setDraft(null);
      },
      onError: (error) => {
        setConfirmingSave(null);
        failed('update')(error);
      },
    });
  }

  function askDeletePreview() {
    deletePreview.mutate(
      { change: 'delete' },
      {
        onError: (error) => {
          // A refusal or a failure is shown in the confirmation itself; only a refused token leaves.
          if (isRefusedToken(error)) onRefused();
          else if (refusalOf(error) === undefined)
            console.error(`Could not preview deleting #${orderId}`, error);
        },
      },
    );
  }

  return {
    ...actions,
    // The lines wait while the edit's money is asked and while its confirmation is open.
    busy: actions.busy || savePreview.isPending || confirmingSave !== null,
    /** Update Order's spinner: the preview, then the save. */
    saving: actions.approve.isPending || actions.update.isPending || savePreview.isPending,
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
      if (!edited || !draft) {
        actions.approve.mutate(undefined, { onError: failed('approve') });
        return;
      }
      if (!money) return save(draft);
      // docs/product/payments.md#order-changes: said before it is saved; saved at once when no money moves.
      const lines = draft;
      savePreview.mutate(
        { change: 'edit', order_items: orderItemsOf(lines) },
        {
          onSuccess: (preview) =>
            preview.message === null ? save(lines) : setConfirmingSave(preview.message),
          onError: failed('update'),
        },
      );
    },
    saveButton,
    confirmingSave,
    confirmSave: () => draft && save(draft),
    cancelSave() {
      setConfirmingSave(null);
      focusNext.current = saveButton;
    },
    confirmingDelete,
    deleteButton,
    /** What deleting does to the money: asked as the confirmation opens; nothing to ask at the counter. */
    deleteMoney: money ? moneyCheckOf(deletePreview) : ({ state: 'told', message: null } as const),
    retryDeleteMoney: askDeletePreview,
    askToDelete() {
      setFailure(null);
      setConfirmingDelete(true);
      if (money) askDeletePreview();
    },
    cancelDelete() {
      setConfirmingDelete(false);
      deletePreview.reset();
      focusNext.current = deleteButton;
    },
    confirmDelete() {
      setFailure(null);
      // The flag and the toast come with the deletion itself (useOrderCardActions).
      actions.remove.mutate(undefined, {
        onError: (error) => {
          setConfirmingDelete(false);
          deletePreview.reset();
          failed('delete')(error);
        },
      });
    },
  };
}

export type OrderCardState = ReturnType<typeof useOrderCard>;
