import { z } from 'zod';
import { PAYMENT_STATES } from './bill';
import { dollars, id, requiredText } from './fields';
import { SYSTEM_ACTOR_NAME } from './staff-roles';

/**
 * Refunds of orders paid online (docs/decisions/020-money-model.md#refunds): by the owner or a
 * manager ('orders.refund'), of the whole order, an amount or chosen lines, with a reason;
 * pending until the provider's webhook confirms them.
 */

export const MAX_REFUND_REASON = 200;

export const refundMessages = {
  reasonRequired: 'Reason is required',
  chooseWhat: 'Choose an amount or the lines to refund',
  notRefundable: 'Only an order paid online can be refunded.',
  overRefund: 'That is more than is left to refund on this order.',
  lineOverRefund: 'That is more than is left to refund on this line.',
  lineNotOnOrder: 'That item is not on this order.',
  requested: 'Refund requested',
  /** The reason of the refund made when a paid order is cancelled or deleted. */
  automaticReason: 'Order cancelled',
  // Order Management's order card.
  refund: 'Refund',
  dialogTitle: (orderId: number) => `Refund order #${orderId}`,
  wholeOrder: 'Whole order',
  byAmount: 'Amount',
  byLines: 'Lines',
  what: 'What to refund',
  amountLabel: 'Amount to refund',
  reasonLabel: 'Reason',
  confirm: 'Confirm refund',
  cancel: 'Cancel',
  refundable: (amount: string) => `Left to refund: ${amount}`,
  chooseLines: 'Tick at least one line',
  failed: 'The refund could not be made. Please try again.',
  heading: 'Refunds',
  loading: 'Loading refunds…',
  status: { pending: 'Pending', succeeded: 'Refunded', failed: 'Failed' },
  /** Who gave an automatic refund back (docs/product/payments.md#order-changes). */
  byTableServe: `by ${SYSTEM_ACTOR_NAME}`,
  /** The card a refund went back to. */
  toCard: (last4: string) => `to the card ending ${last4}`,
  /** A tip that went back with a refund. */
  withTip: (tip: string) => `+ ${tip} tip`,
  paymentState: {
    unpaid: 'Unpaid',
    partly_paid: 'Partly paid',
    paid: 'Paid online',
    partly_refunded: 'Partly refunded',
    refunded: 'Refunded',
  },
} as const;

export const RefundLineBody = z.strictObject({
  order_item_id: id,
  /** Dollars; absent: what is left of the line. */
  amount: dollars('Line amount')
    .refine((value) => value > 0, 'Line amount must be more than 0')
    .optional(),
});

/** Either an amount or lines (a whole order is its amount left to refund). */
export const CreateRefundBody = z
  .strictObject({
    reason: requiredText('Reason', MAX_REFUND_REASON, {
      messages: { required: refundMessages.reasonRequired },
    }),
    amount: dollars('Amount')
      .refine((value) => value > 0, 'Amount must be more than 0')
      .optional(),
    lines: z.array(RefundLineBody).min(1, refundMessages.chooseLines).max(200).optional(),
  })
  .refine((body) => (body.amount === undefined) !== (body.lines === undefined), {
    message: refundMessages.chooseWhat,
    path: ['amount'],
  });
export type CreateRefundBody = z.input<typeof CreateRefundBody>;

export const RefundOrderParams = z.strictObject({ order_id: id });

export const RefundStatus = z.enum(['pending', 'succeeded', 'failed']);
export type RefundStatus = z.infer<typeof RefundStatus>;

export const RefundView = z.object({
  refund_id: z.number().int(),
  order_id: z.number().int(),
  payment_id: z.number().int(),
  amount: z.number(),
  /** The tip that went back with it (only when every order of the bill was cancelled or deleted). */
  tip: z.number(),
  /** The card it went back to ('4242'), when the payment knows it. */
  card_last4: z.string().nullable(),
  reason: z.string(),
  status: RefundStatus,
  /** Given back by TableServe for a change to the order (docs/product/payments.md#order-changes). */
  automatic: z.boolean(),
  lines: z.array(z.object({ order_item_id: z.number().int(), amount: z.number() })),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export type RefundView = z.infer<typeof RefundView>;

/** An order's refunds, for its card in Order Management. */
export const OrderRefundsResponse = z.object({
  order_id: z.number().int(),
  payment_state: z.enum(PAYMENT_STATES),
  /** What the order cost (paid online), tips excluded. */
  paid: z.number(),
  /** Confirmed refunds. */
  refunded: z.number(),
  /** paid − every refund not failed: what can still be refunded. */
  refundable: z.number(),
  /** Each line with what can still be refunded of it, for a refund by lines. */
  lines: z.array(
    z.object({
      order_item_id: z.number().int(),
      product_name: z.string(),
      quantity: z.number().int(),
      payable: z.number(),
      refundable: z.number(),
    }),
  ),
  refunds: z.array(RefundView),
});
export type OrderRefundsResponse = z.infer<typeof OrderRefundsResponse>;

export const CreateRefundResponse = OrderRefundsResponse.extend({ message: z.string() });
export type CreateRefundResponse = z.infer<typeof CreateRefundResponse>;
