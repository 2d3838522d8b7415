import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { badRequest } from './app-error';

/** A verified Stripe event's envelope; `data.object` is read by the handler of its type. */
export type StripeEventEnvelope = { id: string; type: string; data: { object: unknown } };

export const webhookSignatureMessages = {
  invalidSignature: 'Invalid webhook signature',
  malformed: 'Malformed webhook payload',
} as const;

/**
 * A webhook's signature covers the exact bytes Stripe sent, so a plugin that receives one keeps
 * JSON bodies as the raw Buffer (plugins are encapsulated: only that plugin's routes).
 */
export function keepRawJsonBodies(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
}

/** The event, if `signature` is Stripe's (or our test provider's) over `body`, within 5 minutes of `now`. */
export function verifyStripeEvent(
  body: unknown,
  signature: string | undefined,
  secret: string,
  now: Date,
): StripeEventEnvelope {
  if (!Buffer.isBuffer(body) || !signature)
    throw badRequest(webhookSignatureMessages.invalidSignature, 'INVALID_SIGNATURE');
  try {
    return Stripe.webhooks.constructEvent(body, signature, secret, undefined, undefined, now.getTime());
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw badRequest(webhookSignatureMessages.invalidSignature, 'INVALID_SIGNATURE');
    }
    // Signed but not an event (not JSON): nothing a retry would fix either.
    throw badRequest(webhookSignatureMessages.malformed, 'INVALID_PAYLOAD');
  }
}

/** Signs `payload` as Stripe does: what the test provider's webhooks carry. */
export const signAsStripe = (payload: string, secret: string, now: Date) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(now.getTime() / 1000) });
