import { billMessages } from '@tableserve/contract/bills';
import { MAX_BILL_LINES } from '@tableserve/contract/order-limits';
import type { DbOrTx } from '../../db/client';
import { conflict } from '../../lib/app-error';
import { refuseTooLarge } from '../orders/order-lines';
import { orderReads } from '../orders/order-reads';
import type { OrderBilling } from '../orders/place-order';
import { billsRepository as repo } from './bills.repository';

/**
 * Where a diner's order is paid when the restaurant is paid online
 * (docs/decisions/020-money-model.md#when-the-restaurant-is-paid), in the order's transaction:
 * at the end of the meal a dine-in order joins its table's open bill and goes to the kitchen at
 * once; otherwise (when ordering, or a pickup) it gets a bill of its own and waits for its
 * payment. Handed to the orders module by app.ts, since bills sit above orders.
 */
export const billForNewOrder: OrderBilling = async (tx: DbOrTx, order, at) => {
  if (order.paymentTiming === 'end_of_meal' && order.tableNumber !== null) {
    // Inserts only when the table has no open bill, and then no other order is on it yet.
    const open = await repo.openOfTableOrCreate(tx, order.restaurantId, order.tableNumber, at);
    // Locked, so two orders at once cannot both pass the check below.
    const bill = (await repo.lock(tx, open.id))!;
    const live = await orderReads.ofBill(tx, bill.id);
    refuseBillTooLarge(live, order.totalCents);
    await refuseBillFull(tx, live, order.lineCount);
    // The table's screens saw an older bill: a payment against it is checked again.
    await repo.bump(tx, bill.id, at);
    // Joining a bill that already holds money, it is partly paid with the rest
    // (docs/product/payments.md#ledger).
    const partlyPaid = (await repo.keptCents(tx, bill.id)) > 0;
    return { billId: bill.id, awaitingPayment: false, paymentState: partlyPaid ? 'partly_paid' : 'unpaid' };
  }
  const bill = await repo.create(tx, order.restaurantId, at);
  return { billId: bill.id, awaitingPayment: true, paymentState: 'unpaid' };
};

/**
 * A bill's payments are stored as PostgreSQL integers, like an order's total: a table's bill that
 * its live orders would take past the largest total an order may have could never be paid (it
 * answered 500). The order that would is refused with the order's own 400 ('This order is too
 * large…'), before anything is written, so its transaction (and its Idempotency-Key) records
 * only the refusal.
 */
function refuseBillTooLarge(orders: readonly { totalCents: number }[], newTotalCents: number) {
  refuseTooLarge(orders.reduce((sum, order) => sum + order.totalCents, newTotalCents));
}

/**
 * A table's bill holds at most MAX_BILL_LINES lines of live orders (docs/product/payments.md#bill-size):
 * every read of the bill, its payments and its receipts grow with them. The order that would take
 * it past is refused (409 BILL_FULL) before anything is written; the table pays the bill, and the
 * next order starts a new one.
 */
async function refuseBillFull(tx: DbOrTx, live: readonly { id: number }[], newLines: number) {
  const lines = await orderReads.lineCountOf(
    tx,
    live.map((order) => order.id),
  );
  if (lines + newLines > MAX_BILL_LINES) throw conflict(billMessages.full(lines), 'BILL_FULL');
}
