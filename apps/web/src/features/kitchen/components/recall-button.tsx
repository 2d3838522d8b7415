import { ownerOrderMessages, type StaffOrder } from '@tableserve/contract/owner-orders';
import { Undo2 } from 'lucide-react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { ApiRequestError } from '@/lib/api-client';
import { updateOrderStatus, useOrderAction } from '@/orders/api/order-actions';
import { kitchenTexts } from '../lib/kitchen-texts';

type Props = {
  order: StaffOrder;
  staff: { restaurantId: number; token: string };
  onSignedOut: () => void;
  onRecalled: (order: StaffOrder) => void;
};

/**
 * The kitchen's recall (docs/product/staff-screens.md#kitchen, ADR 016): the order bumped last goes back from Ready to
 * cooking, with one tap, for a Mark as Ready pressed on the wrong card.
 */
export function RecallButton({ order, staff, onSignedOut, onRecalled }: Props) {
  const recall = useOrderAction(staff.restaurantId, (orderId: number) =>
    updateOrderStatus(staff, orderId, 'Approved'),
  );

  function press() {
    if (recall.isPending) return;
    recall.mutate(order.order_id, {
      onSuccess: () => onRecalled(order),
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 401) return onSignedOut();
        toast.error(ownerOrderMessages.statusFailed('Approved'));
      },
    });
  }

  return (
    <Button
      variant="secondary"
      busy={recall.isPending}
      onClick={press}
      title={kitchenTexts.recallHint}
      className="min-h-12 text-base"
    >
      {!recall.isPending && <Undo2 className="size-5" aria-hidden />}
      {recall.isPending ? kitchenTexts.recalling : kitchenTexts.recall(order.order_id)}
    </Button>
  );
}
