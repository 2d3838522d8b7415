import type { BillView, PayBillBody, PayBillResponse } from '@tableserve/contract/bills';
import { useRef, useState } from 'react';
import { useSingleFlight } from '@/hooks/use-single-flight';
import { createPaymentAttempts } from '@/lib/idempotency';
import type { CardInput } from '@/lib/payment/card-input';
import { type BillAccess, payBill } from '../api/bill-api';
import { type PayFailure, payFailure, serverAnswered } from '../lib/pay-failure';

/**
 * Pay (ADR 020): one Idempotency-Key per attempt, so a retried tap after a dropped connection
 * sends the same request with the same key and is charged once; once the server answered
 * (a payment, a decline, a changed bill), the next tap is a new attempt.
 */
export function usePay(
  access: BillAccess,
  on: { paid: (answer: PayBillResponse) => void; billChanged: (bill: BillView) => void },
) {
  const { busy, run } = useSingleFlight();
  const attempts = useRef(createPaymentAttempts());
  const [failure, setFailure] = useState<PayFailure | null>(null);

  const pay = (bill: BillView, card: CardInput, body: Omit<PayBillBody, 'payment_method_id' | 'version'>) =>
    run(async () => {
      setFailure(null);
      try {
        const request: PayBillBody = {
          ...body,
          version: bill.version,
          payment_method_id: await card.createPaymentMethod(),
        };
        const answer = await payBill(bill.bill_id, request, attempts.current.keyFor(request), access);
        attempts.current.settle();
        on.paid(answer);
      } catch (error) {
        if (serverAnswered(error)) attempts.current.settle();
        const failed = payFailure(error);
        setFailure(failed);
        if (failed.bill) on.billChanged(failed.bill);
      }
    });

  return { pay, busy, failure, clearFailure: () => setFailure(null) };
}
