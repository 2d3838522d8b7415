import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { toast } from 'react-toastify';
import { sessionKeys, sessionStore } from '@/lib/storage';
import { approveOrder, deleteOrder, updateOrderItems, useOrderAction } from '@/orders/api/order-actions';
import { type EditLine, linesTotal, orderItemsOf } from '../lib/order-edit-lines';

/** An order card's three mutations (docs/product/staff-screens.md#order-management): approve, save the edited lines, delete. */
export function useOrderCardActions(restaurantId: number, token: string, orderId: number) {
  const caller = { restaurantId, token };
  const approve = useOrderAction(restaurantId, () => approveOrder(caller, orderId));
  const update = useOrderAction(restaurantId, (lines: EditLine[]) =>
    updateOrderItems(caller, orderId, orderItemsOf(lines), linesTotal(lines)),
  );
  const remove = useOrderAction(restaurantId, async () => {
    await deleteOrder(caller, orderId);
    // Said here, not in mutate's onSuccess: the live order_deleted event can take the card away
    // before the answer comes, and an unmounted card's callbacks never run.
    // docs/product/web-app.md#client-storage, docs/product/api-conventions.md#api-calls: the session flag after a successful deletion.
    sessionStore.set(sessionKeys.orderDeleted, 'true');
    toast.success(ownerOrderMessages.orderDeleted(orderId));
    return undefined;
  });
  const busy = approve.isPending || update.isPending || remove.isPending;
  return { approve, update, remove, busy };
}
