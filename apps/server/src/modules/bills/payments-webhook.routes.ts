import { ApiError } from '@tableserve/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keepRawJsonBodies } from '../../lib/stripe-signature';
import type { PaymentEvents } from './payment-events';

const WebhookReceived = z.object({ received: z.literal(true), duplicate: z.literal(true).optional() });

/**
 * Stripe's webhook for bill payments and refunds (docs/decisions/020-money-model.md#payments):
 * verified by signature, applied once per event id. Registered only when STRIPE_WEBHOOK_SECRET
 * is set; the test provider delivers the same events through paymentEvents.deliverLocally.
 */
export const paymentsWebhookRoutes: FastifyPluginAsyncZod<{ paymentEvents: PaymentEvents }> = async (
  app,
  { paymentEvents },
) => {
  keepRawJsonBodies(app);

  app.post(
    '/payments/webhook',
    {
      schema: {
        tags: ['Bills'],
        summary: 'Stripe webhook for bill payments and refunds (signed by Stripe)',
        headers: z.object({ 'stripe-signature': z.string().optional() }),
        response: { 200: WebhookReceived, 400: ApiError },
      },
    },
    async (request) =>
      paymentEvents.apply(paymentEvents.verify(request.body, request.headers['stripe-signature'])),
  );
};
