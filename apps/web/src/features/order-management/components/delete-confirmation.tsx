import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { useEffect, useId, useRef } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import type { MoneyCheck } from '../lib/money-check';
import { MoneyNote } from './money-note';

type DeleteConfirmationProps = {
  orderId: number;
  deleting: boolean;
  /** What deleting does to the money, from the server's preview (docs/product/payments.md#order-changes). */
  money: MoneyCheck;
  onRetryMoney: () => void;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * The second step of deleting an order (docs/product/staff-screens.md#order-management): it
 * replaces the card's buttons, says what the delete does to the money, and focus moves to the
 * safe choice, Cancel. Confirm Delete waits for the money's answer, and stays off when the
 * server refuses the delete.
 */
export function DeleteConfirmation({
  orderId,
  deleting,
  money,
  onRetryMoney,
  onConfirm,
  onCancel,
}: DeleteConfirmationProps) {
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div
      aria-busy={money.state === 'checking' || undefined}
      className="mt-4 rounded-xl border border-red-200 bg-red-50/70 p-3"
    >
      <p className="text-sm font-medium text-red-900">{ownerOrderMessages.deleteQuestion(orderId)}</p>
      <MoneyNote check={money} id={`${id}-money`} onRetry={onRetryMoney} />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="danger"
          busy={deleting}
          disabled={money.state !== 'told'}
          aria-describedby={`${id}-money`}
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
