/**
 * What other modules may read of payments and refunds: the bills module owns them, so the sales
 * report reads them through here (apps/server/src/architecture.test.ts).
 */
import { refundsRepository as repo } from './refunds.repository';

export const paymentMoneyReads = {
  /** A business day's card payments, any status, oldest first. */
  paymentsInSpan: repo.paymentsInSpan,
  /** A business day's refunds with their payment's bill and card, oldest first. */
  refundsInSpan: repo.refundsInSpan,
  /** Per order, the confirmed refunds given back for a change (not a refund of what it sold). */
  givenBackForChanges: repo.givenBackForChanges,
  /** The confirmed tips of each of these bills. */
  tipsOfBills: repo.tipsOfBills,
};
