import { billPageMessages } from '@tableserve/contract/bill-page';
import { type BillView, billMessages } from '@tableserve/contract/bills';
import { ApiRequestError } from '@/lib/api-client';
import { CardDetailsError } from '@/lib/payment/card-details-error';

/** Why a payment did not go through, and the bill as it is now when someone else paid first. */
export type PayFailure = { message: string; bill: BillView | null };

/** The bill a 409 BILL_CHANGED carries (ADR 020): under `bill`, or the body itself. */
function billIn(body: unknown): BillView | null {
  const candidate = (body as { bill?: unknown } | undefined)?.bill ?? body;
  return candidate && typeof candidate === 'object' && Array.isArray((candidate as BillView).lines)
    ? (candidate as BillView)
    : null;
}

/**
 * A declined card (402) says the provider's reason, else billMessages.declined; a bill changed
 * under the diner (409) says so and shows what is left; otherwise the server's own message.
 */
export function payFailure(error: unknown): PayFailure {
  if (error instanceof CardDetailsError) return { message: error.message, bill: null };
  if (!(error instanceof ApiRequestError)) return { message: billPageMessages.failed, bill: null };
  if (error.status === undefined) return { message: billPageMessages.network, bill: null };
  if (error.status === 402) return { message: error.serverMessage ?? billMessages.declined, bill: null };
  if (error.status === 409) return { message: billMessages.changed, bill: billIn(error.body) };
  return { message: error.serverMessage ?? billPageMessages.failed, bill: null };
}

/** The server answered (a payment, or a refusal it keeps): the next tap is a new attempt. */
export const serverAnswered = (error: unknown) =>
  !(error instanceof ApiRequestError) || error.status !== undefined;
