import type {
  BillPayment,
  BillView,
  PayBillBody,
  PayBillResponse,
  TestAuthenticationBody,
} from '@tableserve/contract/bills';
import { API_BASE, apiRequest } from '@/lib/api-client';

/**
 * A table's code: the menu token of its QR code, the table's number and the table's key, which
 * only its card carries (docs/decisions/025-table-keys.md); null on a card printed before keys.
 */
export type TableCode = { token: string; table: number; key: string | null };

/**
 * How a diner reaches a bill (ADR 020): the table's code in the query, and the diner's own
 * account token when signed in (a bill of their order).
 */
export type BillAccess = { tableCode: TableCode | null; customerToken: string | null };

/** The code as the API reads it: the table as digits, the key only when there is one. */
export const tableCodeFields = ({ token, table, key }: TableCode) => ({
  token,
  table: String(table),
  ...(key !== null && { key }),
});

const accessQuery = ({ tableCode }: BillAccess) =>
  tableCode ? `?${new URLSearchParams(tableCodeFields(tableCode))}` : '';

/** GET /bills/{id}, or the table's open bill (GET /table-bill) without an id. */
export function fetchBill(billId: number | null, access: BillAccess): Promise<BillView> {
  const path = billId === null ? '/table-bill' : `/bills/${billId}`;
  return apiRequest<BillView>(`${path}${accessQuery(access)}`, { token: access.customerToken });
}

export function payBill(
  billId: number,
  body: PayBillBody,
  idempotencyKey: string,
  access: BillAccess,
): Promise<PayBillResponse> {
  return apiRequest<PayBillResponse>(`/bills/${billId}/payments`, {
    method: 'POST',
    body,
    token: access.customerToken,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function fetchPayment(billId: number, paymentId: number, access: BillAccess): Promise<BillPayment> {
  return apiRequest<BillPayment>(`/bills/${billId}/payments/${paymentId}${accessQuery(access)}`, {
    token: access.customerToken,
  });
}

/** The table's code as a payment's body names it. */
const tableCodeBody = ({ tableCode }: BillAccess) =>
  tableCode ? { table_code: tableCodeFields(tableCode) } : {};

/**
 * The payer closed or cancelled the bank's challenge (docs/product/payments.md#online-payment):
 * the payment is let go at once and its share freed. The receipt token proves the payer.
 */
export function cancelPayment(
  billId: number,
  paymentId: number,
  receiptToken: string,
  access: BillAccess,
): Promise<BillPayment> {
  return apiRequest<BillPayment>(`/bills/${billId}/payments/${paymentId}/cancel`, {
    method: 'POST',
    body: { ...tableCodeBody(access), receipt_token: receiptToken },
    token: access.customerToken,
  });
}

/** The test provider's challenge, answered: complete (or fail) the authentication. */
export function answerTestAuthentication(
  billId: number,
  paymentId: number,
  receiptToken: string,
  outcome: TestAuthenticationBody['outcome'],
  access: BillAccess,
): Promise<BillPayment> {
  return apiRequest<BillPayment>(`/bills/${billId}/payments/${paymentId}/test-authentication`, {
    method: 'POST',
    body: { ...tableCodeBody(access), receipt_token: receiptToken, outcome },
    token: access.customerToken,
  });
}

/** The receipt's PDF, opened by a plain link: the receipt token is the access. */
export const receiptUrl = (billId: number, paymentId: number, receiptToken: string) =>
  `${API_BASE}/bills/${billId}/payments/${paymentId}/receipt.pdf?${new URLSearchParams({ receipt_token: receiptToken })}`;
