import { timingSafeEqual } from 'node:crypto';
import { receiptMessages as text } from '@tableserve/contract/receipts';
import { can } from '@tableserve/contract/staff-roles';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { hashToken } from '../../lib/random-tokens';
import { findRestaurantOfCaller } from '../restaurants/restaurant-of-caller';
import type { ReceiptPdfs } from './receipt-pdfs';
import { findReceiptPayment, receiptOf } from './receipts';

export type ReceiptsService = ReturnType<typeof createReceiptsService>;

/** The stored SHA-256 (hex) against the one of the offered token, in constant time. */
function tokenMatches(offered: string | undefined, storedHash: string): boolean {
  if (!offered) return false;
  const a = Buffer.from(hashToken(offered), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Receipts to download (docs/decisions/020-money-model.md#payments): the payer with the token
 * their payment answered, or the restaurant's staff who may see its orders. Anyone else, like a
 * payment that does not exist or is not confirmed, gets the same 404.
 */
export function createReceiptsService(deps: {
  db: Db;
  pdfs: ReceiptPdfs;
  ownerHasValidSubscription: (ownerId: number) => Promise<boolean>;
}) {
  const { db, pdfs, ownerHasValidSubscription } = deps;

  async function staffMayView(actor: Actor | undefined, restaurantId: number): Promise<boolean> {
    if (!actor || !can(actor.role, 'orders.view')) return false;
    if (!(await findRestaurantOfCaller(db, actor.ownerId, restaurantId))) return false;
    // As every staff route: the restaurant's subscription must be valid.
    return ownerHasValidSubscription(actor.ownerId);
  }

  return {
    async pdf(billId: number, paymentId: number, token: string | undefined, actor: Actor | undefined) {
      const refused = () => notFound(text.notFound, 'RECEIPT_NOT_FOUND');
      // Who may see it from the payment's one row; only then the bill is read and drawn, in the
      // receipts' bounded line (docs/decisions/024-bounded-work.md).
      const found = await findReceiptPayment(db, billId, paymentId);
      const allowed =
        found &&
        (tokenMatches(token, found.payment.receiptTokenHash) ||
          (await staffMayView(actor, found.bill.restaurantId)));
      if (!allowed) throw refused();
      return pdfs.pdf(async () => {
        const receipt = await receiptOf(db, found);
        if (!receipt) throw refused();
        return receipt;
      });
    },
  };
}
