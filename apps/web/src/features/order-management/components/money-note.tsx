import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { CircleAlert, CreditCard } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { MoneyCheck } from '../lib/money-check';

/**
 * What a change does to the money, in a confirmation, before the staff member confirms
 * (docs/product/payments.md#order-changes): while the server is asked, its sentence, its refusal,
 * or a failure to ask with Try again. A polite live region, so a screen reader hears the answer.
 * Nothing when no money moves.
 */
export function MoneyNote({ check, id, onRetry }: { check: MoneyCheck; id: string; onRetry?: () => void }) {
  return (
    <div id={id} aria-live="polite" className="empty:hidden">
      {check.state === 'checking' && (
        <p className="mt-2 flex items-center gap-2 text-sm text-stone-600">
          <Spinner className="size-4 text-stone-500" decorative />
          {ownerOrderMessages.checkingMoney}
        </p>
      )}
      {check.state === 'told' && check.message !== null && (
        <p className="mt-2 flex items-start gap-2 text-sm font-medium text-stone-900">
          <CreditCard className="mt-0.5 size-4 shrink-0 text-stone-600" aria-hidden />
          <span>{check.message}</span>
        </p>
      )}
      {check.state === 'refused' && (
        <p className="mt-2 flex items-start gap-2 text-sm font-medium text-red-800">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{check.text}</span>
        </p>
      )}
      {check.state === 'failed' && (
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-red-800">
          <p className="flex items-start gap-2">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{ownerOrderMessages.moneyCheckFailed}</span>
          </p>
          {onRetry && (
            <Button variant="ghost" size="sm" className="min-h-11! text-red-800" onClick={onRetry}>
              {ownerOrderMessages.tryAgain}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
