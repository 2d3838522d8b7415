import { BillPaymentParams } from '@tableserve/contract/bills';
import { ApiError } from '@tableserve/contract/errors';
import { ReceiptQuery } from '@tableserve/contract/receipts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { binary } from '../../lib/binary';
import { billLimits, perAddress } from '../../plugins/rate-limits';
import type { ReceiptsService } from './receipts.service';

const ReceiptPdf = binary(
  'application/pdf: one page of A6 width with the restaurant, the lines paid, taxes by rate, service, tip, total charged, the card and any refunds.',
);

/** A confirmed payment's receipt as a PDF (docs/decisions/020-money-model.md#payments). */
export const receiptRoutes: FastifyPluginAsyncZod<{ receipts: ReceiptsService }> = async (
  app,
  { receipts },
) => {
  app.get(
    '/bills/:bill_id/payments/:payment_id/receipt.pdf',
    {
      schema: {
        tags: ['Bills'],
        security: [{}, { bearer: [] }],
        description:
          "The payer's receipt: with the receipt_token the payment answered, or for the restaurant's staff with orders.view (bearer). Anyone else, and a payment not confirmed, gets 404.",
        produces: ['application/pdf'],
        params: BillPaymentParams,
        querystring: ReceiptQuery,
        response: { 200: ReceiptPdf, 400: ApiError, 401: ApiError, 404: ApiError, 429: ApiError },
      },
      onRequest: app.identifyOwner,
      // A PDF is made per call: per address, as generous as paying (a table's diners share one).
      preHandler: app.rateLimit(perAddress(billLimits.receipts)),
    },
    async (request, reply) => {
      const { bill_id: billId, payment_id: paymentId } = request.params;
      const pdf = await receipts.pdf(billId, paymentId, request.query.receipt_token, request.actor);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="receipt-${paymentId}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );
};
