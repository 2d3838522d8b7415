import type { PaymentTiming } from '@tableserve/contract/bill';
import { checkoutPaymentMessages } from '@tableserve/contract/bill-page';
import { UNPAID_ORDER_TIMEOUT_MINUTES } from '@tableserve/contract/bills';
import { CreditCard } from 'lucide-react';

/**
 * When and how this order is paid (docs/product/payments.md#payment-timing): at the end of the
 * meal from the table's bill, or by card right after submitting, with the 15-minute rule. A
 * pickup order at a restaurant paid at the end of the meal is paid when ordering. At the counter
 * (the specification's flow) it says nothing.
 */
export function PaymentNote({ timing, dineIn }: { timing: PaymentTiming | null; dineIn: boolean }) {
  const text =
    timing === 'end_of_meal' && dineIn
      ? checkoutPaymentMessages.endOfMeal
      : timing === 'order' || timing === 'end_of_meal'
        ? checkoutPaymentMessages.whenOrdering(UNPAID_ORDER_TIMEOUT_MINUTES)
        : null;
  if (text === null) return null;
  return (
    <section
      aria-label={checkoutPaymentMessages.title}
      className="mt-5 flex gap-3 rounded-xl bg-brand-50 px-4 py-3 text-sm text-stone-800"
    >
      <CreditCard className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
      <p>{text}</p>
    </section>
  );
}
