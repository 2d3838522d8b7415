import { timingSafeEqual } from 'node:crypto';
import {
  AUTHENTICATION_TIMEOUT_MINUTES,
  type BillChangedError,
  type BillPayment,
  type BillView,
  billMessages,
  type PayBillBody,
  type PayBillResponse,
} from '@tableserve/contract/bills';
import type { ApiError } from '@tableserve/contract/errors';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { DomainEventBus } from '../../lib/domain-events';
import { type Outcome, once } from '../../lib/idempotency';
import { hashToken, randomToken } from '../../lib/random-tokens';
import { LARGEST_TOTAL_CENTS } from '../orders/order-lines';
import { type RestaurantRow, restaurantReads } from '../restaurants/restaurant-reads';
import { tableKeyMatches } from '../restaurants/table-keys';
import type { PaymentProvider } from '../subscriptions/payments/payment-provider';
import { chooseAmount, tipOf } from './bill-split';
import { type BillState, loadBillState, toBillPayment, toBillView } from './bill-state';
import { type BillRow, billsRepository as repo } from './bills.repository';

export type BillsService = ReturnType<typeof createBillsService>;

/** A table's code as scanned: its menu token, table number and key (none on a card printed before keys). */
export type TableCodeAccess = { token: string; table: number; key?: string | undefined };

/** Who reads or pays a bill: the diner signed in (0: none), and the table's code they scanned. */
export type BillAccess = { customerId: number; tableCode?: TableCodeAccess | undefined };

type PayOutcome =
  | Outcome<PayBillResponse>
  | { status: 409; body: BillChangedError }
  | { status: 400; body: ApiError };

const billNotFound = () => notFound(billMessages.notFound, 'BILL_NOT_FOUND');
const paymentNotFound = () => notFound(billMessages.notFound, 'PAYMENT_NOT_FOUND');
const notAwaitingAuthentication = () =>
  conflict(billMessages.notAwaitingAuthentication, 'NOT_AWAITING_AUTHENTICATION');

/** The payer's receipt token, compared by its hash in constant time. */
function receiptTokenMatches(offered: string, storedHash: string): boolean {
  const a = Buffer.from(hashToken(offered), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether the code is table `code.table`'s of this restaurant now: its menu token and the key
 * only that table's card carries (docs/decisions/025-table-keys.md). The menu link alone (no key,
 * or another table's) is no table's code.
 */
const holdsTableCode = (restaurant: RestaurantRow, code: TableCodeAccess | undefined): boolean =>
  code !== undefined && restaurant.token === code.token && tableKeyMatches(restaurant, code.table, code.key);

/** Whether the signed-in diner (if any) has an order on the bill. */
const orderedOn = (state: BillState, access: BillAccess) =>
  access.customerId > 0 && state.orders.some((order) => order.customerId === access.customerId);

/**
 * A diner may see and pay a bill they ordered on, or, with its table's code, their table's bill:
 * anyone else's bill answers like a missing one.
 */
function mayAccess(state: BillState, access: BillAccess): boolean {
  if (orderedOn(state, access)) return true;
  const { tableCode } = access;
  return (
    tableCode !== undefined &&
    state.bill.tableNumber === tableCode.table &&
    holdsTableCode(state.restaurant, tableCode)
  );
}

/**
 * Paying at the table (docs/decisions/020-money-model.md#payments): the bill's figures for its
 * diners, and their card payments. A payment reserves its amount (and its shares of lines) under
 * the bill's lock, is charged outside any transaction, and becomes money only when the
 * provider's signed webhook confirms it (bill-payment-events.ts).
 */
export function createBillsService(deps: {
  db: Db;
  now: () => Date;
  events: DomainEventBus;
  provider: PaymentProvider;
}) {
  const { db, now, events, provider } = deps;

  const announce = (bill: BillRow) =>
    events.emit('bill.updated', {
      restaurantId: bill.restaurantId,
      billId: bill.id,
      tableNumber: bill.tableNumber,
    });

  async function readable(billId: number, access: BillAccess): Promise<BillState> {
    const bill = await repo.find(db, billId);
    const state = bill && (await loadBillState(db, bill));
    if (!state || !mayAccess(state, access)) throw billNotFound();
    return state;
  }

  /**
   * The payment was refused: it is failed, its shares are free again, the table sees it. False
   * when it was no longer pending (settled meanwhile), and nothing changed.
   */
  async function release(billId: number, paymentId: number, message: string): Promise<boolean> {
    const bill = await db.transaction(async (tx) => {
      await repo.lock(tx, billId);
      return (await repo.fail(tx, paymentId, message, now(), billId)) && repo.bump(tx, billId, now());
    });
    if (bill) announce(bill);
    return Boolean(bill);
  }

  /**
   * A payment waiting for its payer's authentication, for its payer only: the access of paying
   * and the receipt token that only the answer creating it carried. Anyone else's answers as missing.
   */
  async function awaitingOfPayer(
    billId: number,
    paymentId: number,
    access: BillAccess,
    receiptToken: string,
  ) {
    await readable(billId, access);
    const payment = await repo.payment(db, billId, paymentId);
    if (!payment || !receiptTokenMatches(receiptToken, payment.receiptTokenHash)) throw paymentNotFound();
    if (payment.status !== 'pending' || !payment.providerPaymentId || payment.provider !== provider.name)
      throw notAwaitingAuthentication();
    return { ...payment, providerPaymentId: payment.providerPaymentId };
  }

  /** Reserves the payment under the bill's lock, or says why it cannot be made as chosen. */
  function reserve(billId: number, access: BillAccess, body: z.output<typeof PayBillBody>) {
    return db.transaction(async (tx) => {
      const bill = await repo.lock(tx, billId);
      const state = bill && (await loadBillState(tx, bill));
      if (!bill || !state || !mayAccess(state, access)) throw billNotFound();
      if (bill.status !== 'open') throw conflict(billMessages.alreadyPaid, 'BILL_PAID');
      const choice = chooseAmount(state, body.split, body.version !== bill.version);
      if (!choice.ok && choice.reason === 'overOutstanding')
        throw badRequest(billMessages.overOutstanding, 'OVER_OUTSTANDING');
      if (!choice.ok) return { changed: toBillView(state) };
      const tipCents = tipOf(body.tip, choice.amountCents);
      if (tipCents === undefined) return { tipTooLarge: true as const };
      // bill_payments stores integers; orders keep a table's bill below this, but never a 500.
      if (choice.amountCents + tipCents > LARGEST_TOTAL_CENTS) return { tooLarge: true as const };
      const receiptToken = randomToken();
      const at = now();
      const payment = await repo.insertPayment(
        tx,
        {
          billId: bill.id,
          restaurantId: bill.restaurantId,
          customerId: access.customerId > 0 ? access.customerId : null,
          splitKind: body.split.kind,
          amountCents: choice.amountCents,
          tipCents,
          provider: provider.name,
          receiptEmail: body.receipt_email ?? null,
          receiptTokenHash: hashToken(receiptToken),
          createdAt: at,
          updatedAt: at,
        },
        choice.claims,
      );
      const bumped = await repo.bump(tx, bill.id, at);
      return { reserved: { payment, receiptToken, state: await loadBillState(tx, bumped) } };
    });
  }

  return {
    /**
     * The table's open bill, for whoever holds its code (its key included), or for a diner with
     * an order on it who came by a code without the key (a card printed before keys). Anyone
     * else hears exactly what a table with no open bill answers; without the key and a login,
     * before the bills are even looked at, so nothing tells a wrong key from an empty table.
     */
    async tableBill(access: BillAccess & { tableCode: TableCodeAccess }): Promise<BillView> {
      const { tableCode } = access;
      const noOpenBill = () => notFound(billMessages.noOpenBill, 'NO_OPEN_BILL');
      const restaurant = await restaurantReads.byToken(db, tableCode.token);
      if (!restaurant) throw noOpenBill();
      const holder = holdsTableCode(restaurant, tableCode);
      if (!holder && access.customerId === 0) throw noOpenBill();
      const bill = await repo.openOfTable(db, restaurant.id, tableCode.table);
      const state = bill && (await loadBillState(db, bill));
      if (!state || !(holder || orderedOn(state, access))) throw noOpenBill();
      return toBillView(state);
    },

    async bill(billId: number, access: BillAccess): Promise<BillView> {
      return toBillView(await readable(billId, access));
    },

    /** One payment, for the paying page to follow until the webhook confirms or refuses it. */
    async payment(billId: number, paymentId: number, access: BillAccess): Promise<BillPayment> {
      await readable(billId, access);
      const payment = await repo.payment(db, billId, paymentId);
      if (!payment) throw paymentNotFound();
      return toBillPayment(payment);
    },

    /**
     * The payer closed or cancelled the bank's challenge (3-D Secure): the provider lets the
     * payment go and its shares are free for the table at once. Refused (409) when it no longer
     * waits: authenticated (the webhook decides), or already let go.
     */
    async cancelAuthentication(
      billId: number,
      paymentId: number,
      access: BillAccess,
      receiptToken: string,
    ): Promise<BillPayment> {
      const payment = await awaitingOfPayer(billId, paymentId, access, receiptToken);
      const { cancelled } = await provider.cancelBillPayment({
        providerPaymentId: payment.providerPaymentId,
      });
      if (!cancelled) throw notAwaitingAuthentication();
      await release(billId, paymentId, billMessages.authenticationCancelled);
      return toBillPayment((await repo.payment(db, billId, paymentId))!);
    },

    /** Whether the provider has a challenge of its own for the page to answer (the test provider). */
    answersTestAuthentication: provider.answerTestAuthentication !== undefined,

    /**
     * The test provider's challenge, answered by the payer's page: it then confirms or refuses
     * the payment by its signed event, as Stripe's webhook would after a real challenge.
     */
    async answerTestAuthentication(
      billId: number,
      paymentId: number,
      access: BillAccess,
      receiptToken: string,
      outcome: 'complete' | 'fail',
    ): Promise<BillPayment> {
      if (!provider.answerTestAuthentication) throw paymentNotFound();
      const payment = await awaitingOfPayer(billId, paymentId, access, receiptToken);
      const answered = await provider.answerTestAuthentication({
        providerPaymentId: payment.providerPaymentId,
        billId,
        paymentId,
        amountCents: payment.amountCents + payment.tipCents,
        outcome,
      });
      if (!answered) throw notAwaitingAuthentication();
      return toBillPayment(payment);
    },

    /**
     * Payments still pending AUTHENTICATION_TIMEOUT_MINUTES after they were made whose provider
     * lets them go: those whose payer never finished the bank's challenge (a payment whose
     * webhook is merely late was authenticated or never asked to be, and the provider keeps it).
     * Each is failed and its shares freed for the table. Run on a timer (app.ts).
     */
    async sweepAbandonedAuthentications(): Promise<{ cancelled: number; kept: number; failed: number }> {
      const before = new Date(now().getTime() - AUTHENTICATION_TIMEOUT_MINUTES * 60 * 1000);
      const due = await repo.pendingChargedBefore(db, provider.name, before);
      const counts = { cancelled: 0, kept: 0, failed: 0 };
      // One at a time, each on its own: one provider error leaves the others to this round.
      for (const payment of due) {
        try {
          const { cancelled } = await provider.cancelBillPayment({
            providerPaymentId: payment.providerPaymentId,
          });
          if (cancelled && (await release(payment.billId, payment.id, billMessages.authenticationExpired)))
            counts.cancelled += 1;
          else counts.kept += 1;
        } catch {
          counts.failed += 1;
        }
      }
      return counts;
    },

    /**
     * One attempt per Idempotency-Key: a retry or a double tap gets the first answer and is
     * charged once. Two diners taking the same share at once queue on the bill's lock: the second
     * is told what is left (409) and charged nothing.
     */
    async pay(
      billId: number,
      access: BillAccess,
      body: z.output<typeof PayBillBody>,
      idempotencyKey: string,
    ): Promise<PayOutcome> {
      // A replayed key answers the first payer's answer (its receipt token too): only to a
      // caller who may see the bill, as a fresh request would be (SECURITY.md).
      await readable(billId, access);
      return once<PayBillResponse>(
        db,
        { scope: `bill-payment:${billId}`, key: idempotencyKey, body },
        async (): Promise<PayOutcome> => {
          const result = await reserve(billId, access, body);
          if ('changed' in result) {
            return {
              status: 409,
              body: { message: billMessages.changed, code: 'BILL_CHANGED', bill: result.changed },
            };
          }
          if ('tipTooLarge' in result) {
            return {
              status: 400,
              body: {
                message: billMessages.tipTooLarge,
                code: 'TIP_TOO_LARGE',
                errors: [{ path: 'tip', message: billMessages.tipTooLarge }],
              },
            };
          }
          if ('tooLarge' in result) {
            return {
              status: 400,
              body: {
                message: billMessages.paymentTooLarge,
                code: 'PAYMENT_TOO_LARGE',
                errors: [{ path: 'split', message: billMessages.paymentTooLarge }],
              },
            };
          }
          const { payment, receiptToken, state } = result.reserved;
          announce(state.bill);
          let charge: Awaited<ReturnType<PaymentProvider['chargeBillPayment']>>;
          try {
            charge = await provider.chargeBillPayment({
              billId,
              paymentId: payment.id,
              amountCents: payment.amountCents + payment.tipCents,
              paymentMethodId: body.payment_method_id,
              connectedAccountId: state.restaurant.stripeAccountId,
              description: `${state.restaurant.name}, bill ${billId}`,
              // One charge per payment row, whatever retries the SDK or the diner make.
              idempotencyKey: `tableserve-bill-payment-${payment.id}`,
            });
          } catch (error) {
            // Unknown whether it was charged: the reservation is let go, and the diner may retry.
            await release(billId, payment.id, billMessages.declined);
            throw error;
          }
          if (charge.ok === 'needs_authentication') {
            // Pending, its amount and shares held, until the diner's challenge and the webhook.
            await repo.recordCharge(
              db,
              payment.id,
              { providerPaymentId: charge.providerPaymentId, cardBrand: null, cardLast4: null },
              now(),
            );
            return {
              status: 202,
              body: {
                payment: {
                  ...toBillPayment(payment, receiptToken),
                  next_action: { type: 'authenticate', client_secret: charge.clientSecret },
                },
                bill: toBillView(state),
              },
            };
          }
          if (!charge.ok) {
            await release(billId, payment.id, charge.message);
            return { status: 402, body: { message: charge.message, code: 'CARD_DECLINED' } };
          }
          await repo.recordCharge(db, payment.id, charge, now());
          return {
            status: 202,
            body: {
              payment: toBillPayment(
                { ...payment, cardBrand: charge.cardBrand, cardLast4: charge.cardLast4 },
                receiptToken,
              ),
              bill: toBillView(state),
            },
          };
        },
      ) as Promise<PayOutcome>;
    },
  };
}
