import { customerMessages } from '@tableserve/contract/customer';
import { orderMessages, type PlaceOrderBody } from '@tableserve/contract/order';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSingleFlight } from '@/hooks/use-single-flight';
import { localKeys, localStore } from '@/lib/storage';
import { type CartLine, cartLineKey, clearCart } from '@/session/diner/cart';
import {
  clearCustomerSession,
  isTokenExpired,
  readCustomer,
  readCustomerToken,
} from '@/session/diner/customer-session';
import { notifyError, useNotices } from '@/session/diner/notify';
import { billPath, readPaymentTiming } from '@/session/diner/payment-timing';
import { SESSION_EXPIRED_TOAST } from '@/session/diner/use-customer-token-watch';
import { placeOrder } from '../api/place-order';
import type { CustomerLocation } from '../lib/customer-location';
import { createOrderAttempts } from '../lib/order-attempts';
import { buildPlaceOrderBody, type OrderChoice } from '../lib/order-payload';
import { orderStatusState, orderStatusUrl } from '../lib/order-status-link';
import { isSessionRejected, placeOrderFailureMessage, serverAnswered } from '../lib/place-order-failure';

type SubmitOrderInput = {
  restaurantId: number | null;
  lines: readonly CartLine[];
  /** The stored location, or a fresh one asked of the browser; null when none could be had. */
  locate: () => Promise<CustomerLocation | null>;
  currentLocation: CustomerLocation | null;
};

function endExpiredSession() {
  clearCustomerSession();
  notifyError(customerMessages.sessionExpired, SESSION_EXPIRED_TOAST);
}

/**
 * Submit Order (docs/product/ordering.md#checkout): ignored while a submit is
 * in flight; needs a diner, a table for dine-in and a location for pickup; on 201 clears the
 * cart, remembers the order id and opens the order status screen.
 */
export function useSubmitOrder({ restaurantId, lines, locate, currentLocation }: SubmitOrderInput) {
  const navigate = useNavigate();
  const { busy, run } = useSingleFlight();
  const notices = useNotices();
  const [placed, setPlaced] = useState(false);
  const attempts = useRef(createOrderAttempts<PlaceOrderBody>());

  const submit = (choice: OrderChoice) =>
    run(async () => {
      notices.clear();
      const customer = readCustomer();
      const token = readCustomerToken();
      if (restaurantId === null) return notices.error(customerMessages.restaurantMissing);
      if (!customer || !token) return notices.error(orderMessages.loginFirst);
      if (isTokenExpired(token)) return endExpiredSession();
      if (choice.orderType === 'dine-in' && choice.tableNo === null)
        return notices.error(orderMessages.selectTable);

      let location: CustomerLocation | null = null;
      if (choice.orderType === 'pickup') {
        location = currentLocation ?? (await locate());
        if (!location) return notices.error(orderMessages.locationFailed);
      }

      const fingerprint = {
        restaurantId,
        customerId: customer.customer_id,
        // The choices too: a cart changed only in its options is another order, with a key of its own.
        lines: lines.map((line) => [cartLineKey(line), line.quantity]),
        choice,
      };
      const attempt = attempts.current.attemptFor(fingerprint, () =>
        buildPlaceOrderBody({ restaurantId, customer, lines, choice, location, now: new Date() }),
      );

      try {
        const result = await placeOrder({ body: attempt.body, token, idempotencyKey: attempt.key });
        attempts.current.settle();
        setPlaced(true);
        localStore.set(localKeys.orderId, String(result.order_id));
        clearCart();
        // Paid when ordering (ADR 020): the order reaches the kitchen once its bill is paid.
        const billId = (result as { bill_id?: number | null }).bill_id;
        if (billId && readPaymentTiming(restaurantId) !== 'end_of_meal') return navigate(billPath(billId));
        const target = { orderId: result.order_id, restaurantId, token };
        navigate(orderStatusUrl(target), { state: orderStatusState(target) });
      } catch (error) {
        if (serverAnswered(error)) attempts.current.settle();
        if (isSessionRejected(error)) return endExpiredSession();
        notices.error(placeOrderFailureMessage(error));
      }
    });

  return { submit, busy, placed };
}
