import type { DbOrTx } from '../../db/client';
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
    const bill = await repo.openOfTableOrCreate(tx, order.restaurantId, order.tableNumber, at);
    // The table's screens saw an older bill: a payment against it is checked again.
    await repo.bump(tx, bill.id, at);
    return { billId: bill.id, awaitingPayment: false };
  }
  const bill = await repo.create(tx, order.restaurantId, at);
  return { billId: bill.id, awaitingPayment: true };
};
