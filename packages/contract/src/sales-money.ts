import { z } from 'zod';
import { isoDate } from './fields';

/**
 * The money of a business day (docs/decisions/020-money-model.md#refunds): gross (subtotal),
 * taxes by rate, service, tips, refunds and net = gross + tax when added + service + tips −
 * refunds, each to the cent from stored figures, beside the spec's Daily Sales report; and the
 * day's payments and refunds for the payments CSV.
 */

export const SalesPaymentsQuery = z.strictObject({ date: isoDate('Date') });

const Figures = {
  gross: z.number(),
  /** The taxes added to the prices (0 when prices include them). */
  added_tax: z.number(),
  service: z.number(),
  tips: z.number(),
  refunds: z.number(),
  net: z.number(),
};

export const SalesMoneyOrder = z.object({ order_id: z.number().int(), tax: z.number(), ...Figures });
export type SalesMoneyOrder = z.infer<typeof SalesMoneyOrder>;

export const SalesPaymentEntry = z.object({
  kind: z.enum(['payment', 'refund']),
  created_at: z.string(),
  order_id: z.number().int().nullable(),
  bill_id: z.number().int(),
  /** Negative for a refund, so the column adds up. */
  amount: z.number(),
  tip: z.number(),
  card_last4: z.string().nullable(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  reason: z.string().nullable(),
});
export type SalesPaymentEntry = z.infer<typeof SalesPaymentEntry>;

export const SalesPaymentsResponse = z.object({
  date: z.string(),
  timezone: z.string(),
  tax_included: z.boolean(),
  summary: z.object({
    ...Figures,
    /** Every tax, added or contained, by rate. */
    taxes: z.array(z.object({ name: z.string(), rate_percent: z.number(), amount: z.number() })),
  }),
  /** The day's paid orders (Completed, or paid online) with their money. */
  orders: z.array(SalesMoneyOrder),
  /** The day's payments and refunds, oldest first. */
  entries: z.array(SalesPaymentEntry),
});
export type SalesPaymentsResponse = z.infer<typeof SalesPaymentsResponse>;

/** The report's and the CSVs' texts. */
export const salesMoneyMessages = {
  moneyTab: 'Money',
  loading: 'Loading the day’s money…',
  noMoneyData: 'No money data',
  heading: 'Money of the day',
  gross: 'Gross',
  tax: (name: string, rate: string) => `Tax ${name} (${rate})`,
  includedTax: (name: string, rate: string) => `Tax ${name} (${rate}, included)`,
  service: 'Service',
  tips: 'Tips',
  refunds: 'Refunds',
  net: 'Net',
  /** Added after the spec's five columns in the Money view's orders export. */
  ordersCsvColumns: ['Gross', 'Tax', 'Service', 'Tips', 'Refunds', 'Net'],
  ordersCsvButton: 'Export orders CSV',
  paymentsCsvButton: 'Download payments CSV',
  paymentsCsvColumns: ['Time', 'Kind', 'Order', 'Bill', 'Amount', 'Tip', 'Card', 'Status', 'Reason'],
  paymentsCsvName: (date: string) => `Daily_Payments_${date}.csv`,
  kind: { payment: 'Payment', refund: 'Refund' },
  status: { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' },
} as const;
