import { refundMessages as text } from '@tableserve/contract/refunds';
import { can } from '@tableserve/contract/staff-roles';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatDollars } from '@/lib/money';
import { useRole } from '@/session/owner/use-role';
import { useOrderRefunds } from '../api/order-refunds';
import { RefundDialog } from './refund-dialog';

/**
 * An order card's "Refunds" disclosure (docs/decisions/020-money-model.md#refunds): how the order
 * was paid, its refunds with their status, the card each went back to and, for one TableServe
 * gave back for a change (docs/product/payments.md#order-changes), "by TableServe"; and Refund for an order paid online with something
 * left to refund, for those who may refund (orders.refund). Read when first opened.
 */
export function OrderRefunds({ token, orderId }: { token: string; orderId: number }) {
  const [open, setOpen] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const mayRefund = can(useRole(), 'orders.refund');
  const refunds = useOrderRefunds(token, orderId, open);
  const data = refunds.data;
  return (
    <details className="text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      {/* py-3: a 44-px tap target, as every control on a phone or a tablet. */}
      <summary className="cursor-pointer rounded-lg py-3 font-medium text-stone-700 select-none hover:text-stone-900">
        {text.heading}
      </summary>
      {refunds.isError ? (
        <p className="mt-2 text-red-700">{text.failed}</p>
      ) : data ? (
        <div className="mt-2 flex flex-col gap-2">
          <p className="text-stone-700">{text.paymentState[data.payment_state]}</p>
          {data.refunds.length > 0 && (
            <ul className="flex flex-col gap-1.5 border-l-2 border-stone-200 pl-3">
              {data.refunds.map((refund) => (
                <li key={refund.refund_id} className="flex flex-col gap-0.5">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="text-stone-800">
                      <span className="font-medium tabular-nums">{formatDollars(refund.amount)}</span>
                      {refund.tip > 0 && (
                        <span className="text-stone-600 tabular-nums">
                          {' '}
                          {text.withTip(formatDollars(refund.tip))}
                        </span>
                      )}{' '}
                      · {refund.reason}
                    </span>
                    <span className="text-xs font-semibold text-stone-600">{text.status[refund.status]}</span>
                  </div>
                  {(refund.automatic || refund.card_last4 !== null) && (
                    <span className="text-xs text-stone-600">
                      {[
                        refund.automatic && text.byTableServe,
                        refund.card_last4 !== null && text.toCard(refund.card_last4),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
          {mayRefund && data.refundable > 0 && (
            <Button variant="secondary" size="sm" className="self-start" onClick={() => setRefunding(true)}>
              {text.refund}
            </Button>
          )}
          {refunding && <RefundDialog token={token} refunds={data} onClose={() => setRefunding(false)} />}
        </div>
      ) : open ? (
        <p className="mt-2 text-stone-500">{text.loading}</p>
      ) : null}
    </details>
  );
}
