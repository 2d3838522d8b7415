import { approveOrder, deleteOrder, updateOrderItems, useOrderAction } from '@/orders/api/order-actions';
import { type EditLine, linesTotal, orderItemsOf } from '../lib/order-edit-lines';

/** An order card's three mutations (docs/product/staff-screens.md#order-management): approve, save the edited lines, delete. */
export function useOrderCardActions(restaurantId: number, token: string, orderId: number) {
  const caller = { restaurantId, token };
  const approve = useOrderAction(restaurantId, () => approveOrder(caller, orderId));
  const update = useOrderAction(restaurantId, (lines: EditLine[]) =>
    updateOrderItems(caller, orderId, orderItemsOf(lines), linesTotal(lines)),
  );
  const remove = useOrderAction(restaurantId, () => deleteOrder(caller, orderId));
  const busy = approve.isPending || update.isPending || remove.isPending;
  return { approve, update, remove, busy };
}
