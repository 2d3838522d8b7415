import { z } from 'zod';
import { OpenBillSummary } from './bills';
import { ORDER_STATUSES, OrderMoney } from './order';

/**
 * The schemas of the real-time channel's payloads (realtime.ts), which arrive as JSON text: a
 * page reads them with parsePayload. new_order's is the staff's StaffOrder (owner-orders.ts).
 */

/**
 * order_update: what changed, for the staff and the ordering diner (docs/product/api-conventions.md#money:
 * the total in dollars) with the order's figures (docs/decisions/020-money-model.md). `updated_at` (added to the spec's three fields) restarts the kitchen's
 * timer without a refetch.
 */
export const OrderUpdatePayload = OrderMoney.extend({
  order_id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  total_amount: z.number(),
  updated_at: z.string().optional(),
});
export type OrderUpdatePayload = z.infer<typeof OrderUpdatePayload>;
/** order_deleted (added to the spec's events): the order left the staff's lists. */
export const OrderDeletedPayload = z.object({ order_id: z.number().int() });
export type OrderDeletedPayload = z.infer<typeof OrderDeletedPayload>;

/**
 * bill.updated (docs/decisions/020-money-model.md): a bill's money changed. The bill as the
 * staff's Tables panel shows it, to the staff who follow orders, the diners at its table and the
 * diners whose orders are on it.
 */
export const BillUpdatedPayload = OpenBillSummary;
export type BillUpdatedPayload = z.infer<typeof BillUpdatedPayload>;

/**
 * Reads one event's JSON text with its payload's schema. Anything else is null rather than
 * trusted or thrown: one bad message must not break a page that follows the channel.
 */
export function parsePayload<T>(schema: z.ZodType<T>, message: unknown): T | null {
  if (typeof message !== 'string') return null;
  try {
    const parsed = schema.safeParse(JSON.parse(message));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
