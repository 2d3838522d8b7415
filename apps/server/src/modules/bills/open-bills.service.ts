import {
  type OpenBillSummary,
  type OpenBillsResponse,
  PAID_BILLS_SHOWN_HOURS,
} from '@tableserve/contract/bills';
import { ledgerOf } from '@tableserve/contract/ledger';
import type { Db, DbOrTx } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { centsToDollars } from '../../lib/money';
import { groupBy } from '../../lib/objects';
import { orderReads } from '../orders/order-reads';
import { restaurantOfCaller } from '../restaurants/restaurant-of-caller';
import { type BillRow, openBillsRepository as repo } from './open-bills.repository';

export type OpenBillsService = ReturnType<typeof createOpenBillsService>;

/**
 * What the staff follow per table (docs/decisions/020-money-model.md#when-the-restaurant-is-paid):
 * each bill's orders, what they cost, what is paid, being paid and left, and the tips. A bill's
 * total is its orders' totals (cancelled ones excluded); tips are on top of it.
 */
async function summariesOf(db: DbOrTx, rows: BillRow[]) {
  const billIds = rows.map((row) => row.id);
  const [orders, sums, refundSums] = await readsTogether(db, [
    () => orderReads.onBills(db, billIds),
    () => repo.paymentSums(db, billIds),
    () => repo.refundSums(db, billIds),
  ]);
  const ordersOf = groupBy(orders, (order) => order.billId!);
  const refundsOf = groupBy(refundSums, (sum) => sum.billId);
  const sumsOf = new Map(sums.map((sum) => [sum.billId, sum]));
  return rows.map((row) => {
    const billOrders = ordersOf.get(row.id) ?? [];
    const totalCents = billOrders.reduce((total, order) => total + order.totalCents, 0);
    const { paidCents = 0, pendingCents = 0, tipCents = 0 } = sumsOf.get(row.id) ?? {};
    const given = refundsOf.get(row.id) ?? [];
    // The bill's sums, read by the one ledger (docs/product/payments.md#ledger).
    const ledger = ledgerOf({
      orders: billOrders.map((order) => ({
        id: order.id,
        live: true,
        totalCents: order.totalCents,
        lines: [],
      })),
      payments: [
        { id: 1, status: 'succeeded', amountCents: paidCents, tipCents, claims: [] },
        { id: 2, status: 'pending', amountCents: pendingCents, tipCents: 0, claims: [] },
      ],
      refunds: given.map((sum) => ({ ...sum, paymentId: 1, status: 'succeeded', lines: [] })),
    });
    const tipsGivenBack = given.reduce((total, sum) => total + sum.tipCents, 0);
    const summary: OpenBillSummary = {
      bill_id: row.id,
      table_number: row.tableNumber,
      order_ids: billOrders.map((order) => order.id),
      total: centsToDollars(totalCents),
      paid: centsToDollars(ledger.keptCents),
      pending: centsToDollars(pendingCents),
      outstanding: centsToDollars(ledger.outstandingCents),
      tips: centsToDollars(tipCents - tipsGivenBack),
      status: row.status,
      updated_at: row.updatedAt.toISOString(),
    };
    return { summary, customerIds: [...new Set(billOrders.flatMap((order) => order.customerId ?? []))] };
  });
}

export function createOpenBillsService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  return {
    /** The caller's restaurant's open bills, and those paid in the last PAID_BILLS_SHOWN_HOURS. */
    async list(ownerId: number, restaurantId: number): Promise<OpenBillsResponse> {
      const restaurant = await restaurantOfCaller(db, ownerId, restaurantId);
      const paidSince = new Date(now().getTime() - PAID_BILLS_SHOWN_HOURS * 3_600_000);
      const rows = await repo.recent(db, restaurant.id, paidSince);
      return { bills: (await summariesOf(db, rows)).map(({ summary }) => summary) };
    },

    /** One bill as the staff see it, and the diners whose orders are on it (the realtime plugin's). */
    async summary(billId: number) {
      const row = await repo.find(db, billId);
      if (!row) return undefined;
      const [found] = await summariesOf(db, [row]);
      return { restaurantId: row.restaurantId, tableNumber: row.tableNumber, ...found! };
    },
  };
}
