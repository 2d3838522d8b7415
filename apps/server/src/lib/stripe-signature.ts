import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { badRequest } from './app-error';

/** A verified Stripe event's envelope; `data.object` is read by the handler of its type. */
export type StripeEventEnvelope = { id: string; type: string; data: { object: unknown } };

/** The longest event id and type processed_webhook_events stores (db/schema.ts); Stripe's are far shorter. */
export const EVENT_ID_MAX_LENGTH = 255;
export const EVENT_TYPE_MAX_LENGTH = 100;

export const webhookSignatureMessages = {
  invalidSignature: 'Invalid webhook signature',
  malformed: 'Malformed webhook payload',
  idTooLong: `Webhook event id is longer than ${EVENT_ID_MAX_LENGTH} characters`,
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
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(body, signature, secret, undefined, undefined, now.getTime());
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw badRequest(webhookSignatureMessages.invalidSignature, 'INVALID_SIGNATURE');
    }
    // Signed but not an event (not JSON): nothing a retry would fix either.
    throw badRequest(webhookSignatureMessages.malformed, 'INVALID_PAYLOAD');
  }
  return envelopeOf(event);
}

/** An id or a type as Stripe writes them: printable ASCII, no spaces, no control characters. */
const PRINTABLE = /^[\x21-\x7e]+$/;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A signed body that is not an event envelope our handlers and processed_webhook_events can take
 * (JSON null, no data object, an id or type that is not text or too long for its column) is a
 * 400: a correctly signed event is answered 2xx or 4xx, never 5xx (SECURITY.md).
 */
function envelopeOf(event: unknown): StripeEventEnvelope {
  const malformed = () => badRequest(webhookSignatureMessages.malformed, 'INVALID_PAYLOAD');
  if (!isObject(event) || !isObject(event.data) || !isObject(event.data.object)) throw malformed();
  const { id, type } = event;
  if (typeof id !== 'string' || !PRINTABLE.test(id)) throw malformed();
  if (typeof type !== 'string' || !PRINTABLE.test(type) || type.length > EVENT_TYPE_MAX_LENGTH)
    throw malformed();
  if (id.length > EVENT_ID_MAX_LENGTH)
    throw badRequest(webhookSignatureMessages.idTooLong, 'EVENT_ID_TOO_LONG');
  return event as StripeEventEnvelope;
}

/** Signs `payload` as Stripe does: what the test provider's webhooks carry. */
export const signAsStripe = (payload: string, secret: string, now: Date) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(now.getTime() / 1000) });
