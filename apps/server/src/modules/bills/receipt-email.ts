import { receiptMessages as text } from '@tableserve/contract/receipts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { DomainEventBus } from '../../lib/domain-events';
import { formatCents } from '../../lib/money';
import type { Mailer, MailMessage } from '../../mail/mailer';
import { receiptEmail } from '../../mail/templates';
import { type Receipt, receiptFooter, receiptHeader, receiptRows, receiptWhen } from './receipt-rows';
import { buildReceipt } from './receipts';
import { receiptsRepository as repo } from './receipts.repository';

/** The receipt as an email to `to`: the same rows as the PDF. */
export function receiptMessage(to: string, receipt: Receipt): MailMessage {
  return receiptEmail(to, {
    subject: text.subject(receipt.restaurant.name),
    heading: text.heading,
    thanks: text.thanks,
    header: receiptHeader(receipt),
    when: receiptWhen(receipt),
    lines: receipt.lines.map((line) => ({ ...line, amount: formatCents(line.amountCents) })),
    rows: receiptRows(receipt),
    footer: receiptFooter(receipt),
  });
}

/**
 * Emails each confirmed payment's receipt to the address the payer gave, once: the payment's
 * row is marked before sending, so a repeated event (a replayed webhook, a second instance)
 * finds it taken. A mail that fails gives the mark back and is logged; the PDF stays available.
 */
export function sendReceiptsOnPayment(deps: {
  db: Db;
  mailer: Mailer;
  events: DomainEventBus;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { db, mailer, events, now, log } = deps;

  async function send(billId: number, paymentId: number) {
    const receipt = await buildReceipt(db, billId, paymentId);
    if (!receipt?.receiptEmail) return;
    if (!(await repo.claimReceiptEmail(db, paymentId, now()))) return;
    try {
      await mailer.send(receiptMessage(receipt.receiptEmail, receipt));
    } catch (error) {
      await repo.releaseReceiptEmail(db, paymentId);
      throw error;
    }
  }

  /**
   * Settles once the receipt is sent (or known to be due to no one): tests wait on it. One
   * receipt is read and written at a time, the next after it: the same capped receipt as the
   * PDF's (RECEIPT_LINES_LISTED), and never several bills read at once on the event loop
   * (docs/decisions/024-bounded-work.md). A mail is never refused for being busy: it waits.
   */
  let pending: Promise<void> = Promise.resolve();
  events.on('payment.succeeded', ({ billId, paymentId }) => {
    pending = pending.then(() =>
      send(billId, paymentId).catch((error) => log.error({ err: error, paymentId }, 'receipt email failed')),
    );
  });
  return { settled: () => pending };
}
