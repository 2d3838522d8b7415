import { z } from 'zod';
import { MAX_SPLIT_WAYS } from './bill';
import { ApiError } from './errors';
import { digits, dollars, email, id, token } from './fields';
import { ChosenOption } from './item-options';

/**
 * Paying at the table (docs/decisions/020-money-model.md): a bill is one order paid when
 * ordering, or a table's open orders at the end of the meal. Every amount is in dollars with at
 * most 2 decimals, as everywhere in the API; rates are percents with at most 3 decimals.
 */

/** An order paid when ordering and still unpaid this long after is cancelled, its stock given back. */
export const UNPAID_ORDER_TIMEOUT_MINUTES = 15;

/**
 * A card payment whose bank asked the diner to authenticate it (3-D Secure) and that is still
 * pending this long after it was made is cancelled and its shares freed for the table
 * (docs/product/payments.md#online-payment). Stripe's challenge itself times out well within it;
 * a diner who closes the challenge frees the share at once.
 */
export const AUTHENTICATION_TIMEOUT_MINUTES = 5;

export const billMessages = {
  noOpenBill: 'This table has no open bill.',
  /** An order that would take the table's bill past MAX_BILL_LINES (409 BILL_FULL). */
  full: (lines: number) =>
    `This table's bill already has ${lines} items, as many as one bill can hold. Please pay it, or ask a member of staff, before ordering more.`,
  /** The bills' reading line is full (503, with Retry-After). */
  busy: 'Many bills are being read right now. Please try again in a moment.',
  /** The payments' line is full (503, with Retry-After): nothing was charged. */
  paymentsBusy: 'Many payments are being made right now. Nothing was charged. Please try again in a moment.',
  notFound: 'Bill not found',
  alreadyPaid: 'This bill is already paid.',
  /** Someone else paid (or is paying) part of what this diner chose. */
  changed: 'Someone at your table just paid part of this bill. Here is what is left.',
  overOutstanding: 'That is more than is left to pay.',
  tipTooLarge: 'Tip is larger than we can accept.',
  /** What one card payment (amount and tip) may charge at most: $21,474,836.47. */
  paymentTooLarge: 'This payment is larger than we can take at once. Please pay it in parts.',
  /** A payment by items names each line once (docs/product/payments.md#split-bill). */
  itemChosenTwice: 'Each item can be chosen once.',
  moreSharesThanSplit: 'You cannot pay more shares than the item is split into.',
  morePartsThanSplit: 'You cannot pay more parts than the bill is split into.',
  declined: 'Your card was declined.',
  paid: 'Payment received. Thank you!',
  processing: 'Confirming your payment…',
  /** The diner closed or cancelled the bank's challenge (3-D Secure). */
  authenticationCancelled: 'You cancelled the payment. Nothing was charged, and your share is free again.',
  /** Nobody completed the bank's challenge in AUTHENTICATION_TIMEOUT_MINUTES. */
  authenticationExpired: 'The payment was not authenticated in time. Nothing was charged.',
  /** The bank refused the authentication: Stripe's own text for it. */
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  /** Cancelling, or authenticating, a payment that no longer waits for it (confirmed, or already let go). */
  notAwaitingAuthentication: 'This payment is no longer waiting for authentication.',
} as const;

/** A table's key as its card prints it (docs/decisions/025-table-keys.md). */
export const tableKey = token(64);

/**
 * What a diner proves they sit at the table with: the table's code (its menu token, table number
 * and key). The key is optional here so that a code without one (a card printed before keys, or
 * the restaurant's menu link with a table added) is answered exactly like a table with no bill,
 * never with a 400 that would tell the two apart (docs/decisions/025-table-keys.md).
 */
export const TableCode = z.strictObject({
  token: token(64),
  table: digits(4).transform((value) => Number(value)),
  key: tableKey.optional(),
});

export const BillTax = z.object({
  name: z.string(),
  /** Percent with up to 3 decimals: 7, 8.875. */
  rate_percent: z.number(),
  amount: z.number(),
});

export const BillLine = z.object({
  order_item_id: z.number().int(),
  order_id: z.number().int(),
  product_name: z.string(),
  quantity: z.number().int(),
  options: z.array(ChosenOption).default([]),
  /** The line's amount as the menu priced it. */
  amount: z.number(),
  tax: z.number(),
  service: z.number(),
  /** What the line costs the table: amount, its tax when added, its share of service. */
  payable: z.number(),
  /** Into how many equal shares diners are paying it (1 until someone splits it). */
  share_count: z.number().int(),
  /** The shares already paid, or being paid right now (0-based). */
  shares_taken: z.array(z.number().int()),
  /** What is left of the line to pay by items. */
  left: z.number(),
});
export type BillLine = z.infer<typeof BillLine>;

export const BillPaymentStatus = z.enum(['pending', 'succeeded', 'failed']);

export const BillView = z.object({
  bill_id: z.number().int(),
  restaurant_id: z.number().int(),
  restaurant_name: z.string(),
  table_number: z.number().int().nullable(),
  status: z.enum(['open', 'paid']),
  /** Raised by every payment and every order added: sent back with a payment. */
  version: z.number().int(),
  tax_included: z.boolean(),
  lines: z.array(BillLine),
  subtotal: z.number(),
  taxes: z.array(BillTax),
  tax: z.number(),
  service: z.number(),
  /** What the bill costs before tips. */
  total: z.number(),
  /** Confirmed payments, tips excluded. */
  paid: z.number(),
  /** Payments still being confirmed, tips excluded. */
  pending: z.number(),
  /** Given back to the diners' cards (docs/product/payments.md#ledger), tips excluded. */
  refunded: z.number().default(0),
  /** total − paid − pending: what a diner can still pay. */
  outstanding: z.number(),
  payments: z.array(
    z.object({
      payment_id: z.number().int(),
      amount: z.number(),
      tip: z.number(),
      status: BillPaymentStatus,
      card_last4: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type BillView = z.infer<typeof BillView>;

/** How this diner pays: everything left, N even parts, an amount, or chosen shares of lines. */
export const BillSplit = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('all') }),
  z
    .strictObject({
      kind: z.literal('even'),
      ways: z
        .number()
        .int()
        .min(2, 'Split among at least 2')
        .max(MAX_SPLIT_WAYS, `Split among at most ${MAX_SPLIT_WAYS}`),
      /** How many of the parts this diner pays (for a partner, say): at most all of them. */
      parts: z.number().int().min(1).max(MAX_SPLIT_WAYS).default(1),
    })
    .refine((split) => split.parts <= split.ways, {
      path: ['parts'],
      message: billMessages.morePartsThanSplit,
    }),
  z.strictObject({
    kind: z.literal('amount'),
    amount: dollars('Amount').refine((v) => v > 0, 'Amount must be more than 0'),
  }),
  z.strictObject({
    kind: z.literal('items'),
    /** Each line at most once, with the shares this diner pays of it (docs/product/payments.md#split-bill). */
    items: z
      .array(
        z
          .strictObject({
            order_item_id: id,
            /** Into how many shares the line is split (1: the whole line). */
            share_count: z.number().int().min(1).max(MAX_SPLIT_WAYS),
            /** How many of those shares this diner pays. */
            shares: z.number().int().min(1).max(MAX_SPLIT_WAYS).default(1),
          })
          .refine((item) => item.shares <= item.share_count, {
            path: ['shares'],
            message: billMessages.moreSharesThanSplit,
          }),
      )
      .min(1, 'Choose at least one item')
      .max(200)
      .superRefine((items, context) => {
        const seen = new Set<number>();
        items.forEach((item, index) => {
          if (seen.has(item.order_item_id))
            context.addIssue({
              code: 'custom',
              path: [index, 'order_item_id'],
              message: billMessages.itemChosenTwice,
            });
          seen.add(item.order_item_id);
        });
      }),
  }),
]);
export type BillSplit = z.input<typeof BillSplit>;

export const Tip = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({ kind: z.literal('percent'), percent: z.number().int().min(0).max(1000) }),
  z.strictObject({ kind: z.literal('amount'), amount: dollars('Tip') }),
]);
export type Tip = z.input<typeof Tip>;

export const PayBillBody = z.strictObject({
  /** The table's code, for a diner who did not place an order on this bill. */
  table_code: TableCode.optional(),
  /** The bill's version the diner saw: a payment against an older one is checked again. */
  version: z.number().int().min(1),
  split: BillSplit,
  tip: Tip,
  payment_method_id: token(255),
  receipt_email: email.optional(),
});
export type PayBillBody = z.input<typeof PayBillBody>;

export const BillPayment = z.object({
  payment_id: z.number().int(),
  status: BillPaymentStatus,
  amount: z.number(),
  tip: z.number(),
  /** amount + tip: what the card is charged. */
  charged: z.number(),
  card_last4: z.string().nullable(),
  failure_message: z.string().nullable(),
  /** Lets this diner download the receipt without an account: shown once, kept by the page. */
  receipt_token: z.string().optional(),
  /**
   * The card's bank asks the diner to authenticate the payment (3-D Secure): the page opens the
   * challenge with this PaymentIntent's client secret (Stripe.js handleNextAction, or the test
   * provider's own). Only in the answer that created the payment; it stays pending meanwhile.
   */
  next_action: z.object({ type: z.literal('authenticate'), client_secret: z.string() }).optional(),
});
export type BillPayment = z.infer<typeof BillPayment>;

/**
 * Cancels a payment still waiting for the diner's authentication, or (test provider only) answers
 * its challenge. Only its payer: the same access as paying, and the payment's receipt token,
 * which only the answer that created it carried.
 */
export const PaymentAuthenticationBody = z.strictObject({
  table_code: TableCode.optional(),
  receipt_token: token(64),
});
export const TestAuthenticationBody = PaymentAuthenticationBody.extend({
  outcome: z.enum(['complete', 'fail']),
});
export type TestAuthenticationBody = z.input<typeof TestAuthenticationBody>;

export const PayBillResponse = z.object({ payment: BillPayment, bill: BillView });

/** 409 BILL_CHANGED: what this diner chose is no longer free; the bill as it is now, to choose again. */
export const BillChangedError = ApiError.extend({ bill: BillView });
export type BillChangedError = z.infer<typeof BillChangedError>;
export type PayBillResponse = z.infer<typeof PayBillResponse>;

export const BillParams = z.strictObject({ bill_id: id });
export const BillPaymentParams = z.strictObject({ bill_id: id, payment_id: id });
export const TableBillQuery = TableCode;
/** A bill read by a diner who did not order on it: the table's code in the query. */
export const BillAccessQuery = z.strictObject({
  token: token(64).optional(),
  table: digits(4).optional(),
  key: tableKey.optional(),
});

/** Order Summary's Tables panel: each table's bill, followed live. */
export const tablesPanelMessages = {
  title: 'Tables',
  description: 'Open bills, and bills paid in the last 2 hours.',
  table: (table: number | null) => (table === null ? 'Paid when ordering' : `Table ${table}`),
  orders: (ids: readonly number[]) => ids.map((id) => `#${id}`).join(', '),
  paidBadge: 'Paid',
  columns: {
    table: 'Table',
    orders: 'Orders',
    total: 'Total',
    paid: 'Paid',
    outstanding: 'Outstanding',
    tips: 'Tips',
  },
  pending: (dollars: string) => `${dollars} confirming`,
} as const;

/** The staff's view of every open bill (Order Summary's Tables panel), and of bills paid this long ago or less. */
export const PAID_BILLS_SHOWN_HOURS = 2;

/** The staff's view of every open bill (Order Summary's Tables panel). */
export const OpenBillSummary = z.object({
  bill_id: z.number().int(),
  table_number: z.number().int().nullable(),
  order_ids: z.array(z.number().int()),
  total: z.number(),
  paid: z.number(),
  pending: z.number(),
  outstanding: z.number(),
  tips: z.number(),
  status: z.enum(['open', 'paid']),
  updated_at: z.string(),
});
export type OpenBillSummary = z.infer<typeof OpenBillSummary>;
export const OpenBillsResponse = z.object({ bills: z.array(OpenBillSummary) });
export type OpenBillsResponse = z.infer<typeof OpenBillsResponse>;
