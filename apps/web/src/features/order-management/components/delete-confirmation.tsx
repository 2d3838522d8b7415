import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { useEffect, useRef } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';

type DeleteConfirmationProps = {
  orderId: number;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * The second step of deleting an order (docs/product/staff-screens.md#order-management): it
 * replaces the card's buttons, and focus moves to the safe choice, Cancel.
 */
export function DeleteConfirmation({ orderId, deleting, onConfirm, onCancel }: DeleteConfirmationProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div className="mt-4 rounded-xl border border-red-200 bg-red-50/70 p-3">
      <p className="text-sm font-medium text-red-900">Delete order #{orderId}? This cannot be undone.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="danger"
          busy={deleting}
          onClick={onConfirm}
          className="flex-1 px-3! whitespace-nowrap"
        >
          {ownerOrderMessages.confirmDelete}
        </Button>
        <button
          type="button"
          ref={cancel}
          disabled={deleting}
          onClick={onCancel}
          className={buttonClasses({ variant: 'secondary', className: 'flex-1 px-3! whitespace-nowrap' })}
        >
          {ownerOrderMessages.cancel}
        </button>
      </div>
    </div>
  );
}
