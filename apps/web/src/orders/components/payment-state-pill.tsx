import { type OrderMoney, paymentStateLabels } from '@tableserve/contract/order';
import { cn } from '@/lib/cn';
import { showsPaymentState } from '../lib/order-figures';

const tones = {
  unpaid: 'bg-amber-50 text-amber-800 ring-amber-200',
  partly_paid: 'bg-orange-50 text-orange-800 ring-orange-200',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  partly_refunded: 'bg-sky-50 text-sky-800 ring-sky-200',
  refunded: 'bg-stone-100 text-stone-700 ring-stone-300',
} as const;

/** Unpaid, Partly paid, Paid, Partly refunded or Refunded: an order's money, apart from its kitchen status. */
export function PaymentStatePill({ order, className }: { order: OrderMoney; className?: string }) {
  if (!showsPaymentState(order) || !order.payment_state) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tones[order.payment_state],
        className,
      )}
    >
      {paymentStateLabels[order.payment_state]}
    </span>
  );
}
