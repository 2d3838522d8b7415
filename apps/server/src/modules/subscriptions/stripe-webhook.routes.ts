import { ApiError } from '@tableserve/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import type { DomainEventBus } from '../../lib/domain-events';
import {
  createStripeWebhookService,
  type StripeEventEnvelope,
  stripeWebhookMessages,
} from './stripe-webhook.service';

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

  // The signature covers the exact bytes Stripe sent, so this plugin (and only this one, as
  // plugins are encapsulated) keeps JSON bodies as the raw Buffer.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  function verify(body: unknown, signature: string | undefined): StripeEventEnvelope {
    if (!Buffer.isBuffer(body) || !signature)
      throw badRequest(stripeWebhookMessages.invalidSignature, 'INVALID_SIGNATURE');
    try {
      return Stripe.webhooks.constructEvent(
        body,
        signature,
        options.webhookSecret,
        undefined,
        undefined,
        options.now().getTime(),
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw badRequest(stripeWebhookMessages.invalidSignature, 'INVALID_SIGNATURE');
      }
      // Signed by Stripe but not an event (not JSON): nothing a retry would fix either.
      throw badRequest('Malformed webhook payload', 'INVALID_PAYLOAD');
    }
  }

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
    async (request) => webhooks.apply(verify(request.body, request.headers['stripe-signature'])),
  );
};
