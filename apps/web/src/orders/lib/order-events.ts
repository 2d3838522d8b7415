import { ORDER_STATUSES } from '@tableserve/contract/order';
import { StaffOrder } from '@tableserve/contract/owner-orders';
import type { OrderDeletedPayload, OrderUpdatePayload } from '@tableserve/contract/realtime';
import { z } from 'zod';

const OrderUpdate = z.object({
  order_id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  total_amount: z.number(),
  updated_at: z.string().optional(),
});
const OrderDeleted = z.object({ order_id: z.number().int() });

/** Reads one event's JSON text; anything malformed is ignored (null), never trusted. */
function parseWith<T>(schema: z.ZodType<T>, message: unknown): T | null {
  if (typeof message !== 'string') return null;
  try {
    const parsed = schema.safeParse(JSON.parse(message));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const parseNewOrder = (message: unknown): StaffOrder | null => parseWith(StaffOrder, message);
export const parseStaffOrderUpdate = (message: unknown): OrderUpdatePayload | null =>
  parseWith(OrderUpdate, message);
export const parseOrderDeleted = (message: unknown): OrderDeletedPayload | null =>
  parseWith(OrderDeleted, message);
