import {
  BillAccessQuery,
  BillChangedError,
  BillParams,
  BillPayment,
  BillPaymentParams,
  BillView,
  PayBillBody,
  PayBillResponse,
  PaymentAuthenticationBody,
  TableBillQuery,
  TestAuthenticationBody,
} from '@tableserve/contract/bills';
import { ApiError } from '@tableserve/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { billLimits, dinerChargeLimits, perAddress } from '../../plugins/rate-limits';
import { billPaymentsLine, billReadsLine } from './bill-reads';
import type { BillAccess, BillsService } from './bills.service';

const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError, 429: ApiError };
// The diner's token is optional: a bill is also read and paid by its table's code.
const security: Record<string, string[]>[] = [{}, { bearer: [] }];

/** The table's code from a query, when its token and table are there (the key is checked later). */
const tableCodeOf = (query: {
  token?: string | undefined;
  table?: string | undefined;
  key?: string | undefined;
}): BillAccess['tableCode'] =>
  query.token !== undefined && query.table !== undefined
    ? { token: query.token, table: Number(query.table), key: query.key }
    : undefined;

/**
 * Paying at the table (docs/decisions/020-money-model.md#payments): a diner reads a bill they
 * ordered on (their token) or their table's bill (its code), and pays their part of it.
 */
export const billRoutes: FastifyPluginAsyncZod<{ bills: BillsService }> = async (app, { bills }) => {
  // Declined cards, per address and per bill: card testing (docs/decisions/020-money-model.md#payments).
  const cardCharges = app.limitCharges('pay-bill', dinerChargeLimits.payBill);

  /** Who asks: the signed-in diner (app.identifyCustomer), the table's code, or both. */
  const accessOf = (request: FastifyRequest, tableCode: BillAccess['tableCode']): BillAccess => ({
    customerId: request.customerId,
    tableCode,
  });
  // A bill's reads: limited per address, and in one bounded line (bill-reads.ts).
  const line = billReadsLine();
  const boundedRead = {
    preHandler: [app.rateLimit(perAddress(billLimits.reads)), line.enter],
    onResponse: line.onResponse,
    onRequestAbort: line.onRequestAbort,
  };
  const payments = billPaymentsLine();

  app.get(
    '/table-bill',
    {
      schema: {
        tags: ['Bills'],
        summary: "The table's open bill, for whoever holds its code (its key included)",
        description:
          "A code without its table's key (the menu link alone, a card printed before keys) opens only a bill the signed-in diner ordered on; anyone else gets the 404 of a table with no open bill.",
        security,
        querystring: TableBillQuery,
        response: { 200: BillView, ...errors, 503: ApiError },
      },
      onRequest: app.identifyCustomer,
      ...boundedRead,
    },
    async (request) => bills.tableBill({ customerId: request.customerId, tableCode: request.query }),
  );

  app.get(
    '/bills/:bill_id',
    {
      schema: {
        tags: ['Bills'],
        security,
        params: BillParams,
        querystring: BillAccessQuery,
        response: { 200: BillView, ...errors, 503: ApiError },
      },
      onRequest: app.identifyCustomer,
      ...boundedRead,
    },
    async (request) => bills.bill(request.params.bill_id, accessOf(request, tableCodeOf(request.query))),
  );

  app.post(
    '/bills/:bill_id/payments',
    {
      schema: {
        tags: ['Bills'],
        description:
          'Pays part or all of the bill by card (PayBillBody). 202: accepted, pending until the ' +
          "provider's webhook confirms it; 402: declined, nothing charged; 409 BILL_CHANGED: what " +
          'was chosen is no longer free, with the bill as it is now.',
        security,
        params: BillParams,
        headers: z.object({ 'idempotency-key': z.string().trim().min(8).max(255) }),
        body: PayBillBody,
        response: {
          202: PayBillResponse,
          ...errors,
          402: ApiError,
          409: z.union([BillChangedError, ApiError]),
          503: ApiError,
        },
      },
      onRequest: app.identifyCustomer,
      // Per address, like the other public writes: a table's diners share one, so it is generous;
      // then declined cards (card testing); then in the payments' bounded line (bill-reads.ts).
      preHandler: [app.rateLimit(perAddress(billLimits.payments)), cardCharges.preHandler, payments.enter],
      onResponse: [cardCharges.onResponse, payments.onResponse],
      onRequestAbort: payments.onRequestAbort,
    },
    async (request, reply) => {
      const access = accessOf(request, request.body.table_code);
      const outcome = await bills.pay(
        request.params.bill_id,
        access,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.code(outcome.status).send(outcome.body as PayBillResponse);
    },
  );

  app.post(
    '/bills/:bill_id/payments/:payment_id/cancel',
    {
      schema: {
        tags: ['Bills'],
        description:
          "Cancels a payment waiting for its payer's authentication (3-D Secure): the payer closed " +
          'the challenge. Its shares are free again at once. Only its payer: the access of paying ' +
          'and its receipt token. 409 NOT_AWAITING_AUTHENTICATION: authenticated, or let go already.',
        security,
        params: BillPaymentParams,
        body: PaymentAuthenticationBody,
        response: { 200: BillPayment, ...errors },
      },
      onRequest: app.identifyCustomer,
      preHandler: app.rateLimit({ max: 30, timeWindow: 60_000 }),
    },
    async (request) =>
      bills.cancelAuthentication(
        request.params.bill_id,
        request.params.payment_id,
        accessOf(request, request.body.table_code),
        request.body.receipt_token,
      ),
  );

  // The built-in test provider's stand-in for the bank's challenge; Stripe runs its own.
  if (bills.answersTestAuthentication) {
    app.post(
      '/bills/:bill_id/payments/:payment_id/test-authentication',
      {
        schema: {
          tags: ['Bills'],
          description:
            "Test provider only (no STRIPE_SECRET_KEY): answers the payment's 3-D Secure challenge " +
            "as its payer would at the bank; the provider's signed event then confirms (complete) " +
            'or refuses (fail) it. 202: answered, the payment still pending until that event.',
          security,
          params: BillPaymentParams,
          body: TestAuthenticationBody,
          response: { 202: BillPayment, ...errors },
        },
        onRequest: app.identifyCustomer,
        preHandler: app.rateLimit({ max: 30, timeWindow: 60_000 }),
      },
      async (request, reply) =>
        reply
          .code(202)
          .send(
            await bills.answerTestAuthentication(
              request.params.bill_id,
              request.params.payment_id,
              accessOf(request, request.body.table_code),
              request.body.receipt_token,
              request.body.outcome,
            ),
          ),
    );
  }

  app.get(
    '/bills/:bill_id/payments/:payment_id',
    {
      schema: {
        tags: ['Bills'],
        security,
        params: BillPaymentParams,
        querystring: BillAccessQuery,
        response: { 200: BillPayment, ...errors, 503: ApiError },
      },
      onRequest: app.identifyCustomer,
      // Deciding who may see it reads the bill: the paying page asks every 2 s until confirmed.
      ...boundedRead,
    },
    async (request) =>
      bills.payment(
        request.params.bill_id,
        request.params.payment_id,
        accessOf(request, tableCodeOf(request.query)),
      ),
  );
};
