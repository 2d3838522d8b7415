import { ApiError } from '@tableserve/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { DomainEventBus } from '../../lib/domain-events';
import { keepRawJsonBodies, verifyStripeEvent } from '../../lib/stripe-signature';
import { createStripeWebhookService } from './stripe-webhook.service';

export type StripeWebhookRoutesOptions = {
  db: Db;
  /** The app's clock: the signature's 5-minute tolerance is measured with it too. */
  now: () => Date;
  webhookSecret: string;
  /** Each subscription an event changed is announced here, once it has committed. */
  events: DomainEventBus;
};

const WebhookReceived = z.object({ received: z.literal(true), duplicate: z.literal(true).optional() });

/**
 * Stripe's webhook (docs/product/platform.md#payments-test-mode): verified by signature, applied once per event id.
 * Registered only when STRIPE_WEBHOOK_SECRET is set.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<StripeWebhookRoutesOptions> = async (
  app,
  options,
) => {
  const webhooks = createStripeWebhookService({
    db: options.db,
    now: options.now,
    log: app.log,
    events: options.events,
  });

  keepRawJsonBodies(app);

  app.post(
    '/subscription/webhook',
    {
      schema: {
        tags: ['Subscriptions'],
        summary: 'Stripe webhook (signed by Stripe)',
        headers: z.object({ 'stripe-signature': z.string().optional() }),
        response: { 200: WebhookReceived, 400: ApiError, 404: ApiError, 409: ApiError },
      },
    },
    async (request) =>
      webhooks.apply(
        verifyStripeEvent(
          request.body,
          request.headers['stripe-signature'],
          options.webhookSecret,
          options.now(),
        ),
      ),
  );
};
