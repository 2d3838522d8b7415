import type { PaymentState } from '@tableserve/contract/bill';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';

/** What a change does to the money of its order's bill, as staff are told before confirming. */
export type MoneyEffect = {
  /** What goes back, per card. */
  refunds: { amountCents: number; tipCents: number; cardLast4: string | null }[];
  /** What the bill asks of the table again (an order edited up after it was paid). */
  asksMoreCents: number;
};

/**
 * Runs a change to an order (cancel, delete, edit, the unpaid-order sweep) with its bill's money
 * kept right (docs/product/payments.md#order-changes), in the change's transaction: refused while
 * a payment of the bill is being confirmed or when the actor may not give money back; what the
 * bill holds beyond what is due goes back; the bill and its orders read their ledger. `after`
 * runs once the transaction has committed (the refunds asked of the provider, the announcements).
 * The bills module's, handed over by app.ts, since bills sit above orders.
 */
export type OrderMoneyGuard = <T>(
  tx: DbOrTx,
  order: { id: number; billId: number | null; paymentState: PaymentState },
  change: { actor: Actor | null; reason: 'cancelled' | 'changed' },
  run: () => Promise<T>,
) => Promise<{
  result: T;
  effect: MoneyEffect;
  /** The order's payment state once its bill reads its ledger again. */
  paymentState: PaymentState;
  after: () => Promise<void>;
}>;

/** A change worked out for its preview and rolled back: what it would do to the money. */
export class Previewed extends Error {
  constructor(readonly effect: MoneyEffect) {
    super('previewed');
  }
}

/** A change that found nothing to change (the order moved meanwhile): rolled back, explained after. */
export class NotChanged extends Error {}
