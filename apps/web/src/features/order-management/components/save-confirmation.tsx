import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { useEffect, useId, useRef } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { MoneyNote } from './money-note';

type SaveConfirmationProps = {
  orderId: number;
  /** The server's sentence: what saving the edit does to the money. */
  message: string;
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * The step between Update Order and the edit of an order that carries money
 * (docs/product/payments.md#order-changes): what saving does to the money, then Save changes or
 * Cancel, which goes back to the edit. Focus moves to Cancel, as in the delete confirmation.
 */
export function SaveConfirmation({ orderId, message, saving, onConfirm, onCancel }: SaveConfirmationProps) {
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div className="mt-4 rounded-xl border border-amber-200 bg-amber-50/70 p-3">
      <p className="text-sm font-medium text-amber-950">{ownerOrderMessages.saveQuestion(orderId)}</p>
      <MoneyNote check={{ state: 'told', message }} id={`${id}-money`} />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          busy={saving}
          aria-describedby={`${id}-money`}
          onClick={onConfirm}
          className="flex-1 px-3! whitespace-nowrap"
        >
          {ownerOrderMessages.saveChanges}
        </Button>
        <button
          type="button"
          ref={cancel}
          disabled={saving}
          onClick={onCancel}
          className={buttonClasses({ variant: 'secondary', className: 'flex-1 px-3! whitespace-nowrap' })}
        >
          {ownerOrderMessages.cancel}
        </button>
      </div>
    </div>
  );
}
