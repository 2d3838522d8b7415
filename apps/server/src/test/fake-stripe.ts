import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake received: form fields flat, as Stripe's SDK encodes them (`items[0][price]`). */
export type FakeStripeRequest = {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
};

type Reply = { status: number; body: unknown };

const DECLINED = 'pm_card_chargeDeclined';
/** Stripe's test method whose bank asks for 3-D Secure on every payment. */
const AUTHENTICATION_REQUIRED = 'pm_card_threeDSecure2Required';
const DAY_SECONDS = 24 * 60 * 60;

/**
 * A stand-in for Stripe's servers, for the few endpoints the `stripe` provider calls: it answers
 * Stripe-shaped JSON to the official SDK (pointed here with host/port/protocol), records every
 * request, replays a response for a repeated Idempotency-Key as Stripe does, and declines
 * `pm_card_chargeDeclined` with the 402 card error Stripe sends and keeps an intent of
 * `pm_card_threeDSecure2Required` waiting for authentication. Everything of ours stays real.
 */
export async function startFakeStripe(options: {
  prices: Record<string, number>;
  coupons?: Record<string, number>;
}) {
  const requests: FakeStripeRequest[] = [];
  const replays = new Map<string, Reply>();
  const customers = new Map<string, { paymentMethod: string | undefined }>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  const intents = new Map<string, Record<string, unknown>>();
  const id = (prefix: string) => `${prefix}_fake_${randomBytes(8).toString('hex')}`;
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  const error = (
    status: number,
    type: string,
    message: string,
    extra: Record<string, unknown> = {},
  ): Reply => ({
    status,
    body: { error: { type, message, ...extra } },
  });
  const missing = (what: string, value: string) =>
    error(404, 'invalid_request_error', `No such ${what}: '${value}'`, { code: 'resource_missing' });

  function createSubscription(params: Record<string, string>): Reply {
    const customer = customers.get(params.customer ?? '');
    if (!customer) return missing('customer', params.customer ?? '');
    const price = params['items[0][price]'] ?? '';
    const priceCents = options.prices[price];
    if (priceCents === undefined)
      return error(400, 'invalid_request_error', `No such price: '${price}'`, { code: 'resource_missing' });
    const coupon = params['discounts[0][coupon]'];
    const percentOff = coupon === undefined ? 0 : options.coupons?.[coupon];
    if (percentOff === undefined)
      return error(400, 'invalid_request_error', `No such coupon: '${coupon}'`, { code: 'resource_missing' });
    if (customer.paymentMethod === DECLINED) {
      return error(402, 'card_error', 'Your card was declined.', {
        code: 'card_declined',
        decline_code: 'generic_decline',
        charge: id('ch'),
      });
    }

    const subscriptionId = id('sub');
    const start = nowSeconds();
    const end = start + 30 * DAY_SECONDS;
    const amount = Math.round((priceCents * (100 - percentOff)) / 100);
    const expand = Object.entries(params)
      .filter(([key]) => key.startsWith('expand['))
      .map(([, value]) => value);
    const invoiceId = id('in');
    const invoice = {
      id: invoiceId,
      object: 'invoice',
      status: 'paid',
      billing_reason: 'subscription_create',
      customer: params.customer,
      amount_due: amount,
      amount_paid: amount,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscriptionId, metadata: {} },
      },
      lines: {
        object: 'list',
        data: [{ id: id('il'), object: 'line_item', amount, period: { start, end } }],
      },
      // `payments` is includable only: present when expanded.
      ...(expand.includes('latest_invoice.payments')
        ? {
            payments: {
              object: 'list',
              data:
                amount > 0
                  ? [
                      {
                        id: id('inpay'),
                        object: 'invoice_payment',
                        status: 'paid',
                        amount_paid: amount,
                        invoice: invoiceId,
                        payment: { type: 'payment_intent', payment_intent: id('pi') },
                      },
                    ]
                  : [],
            },
          }
        : {}),
    };
    const subscription = {
      id: subscriptionId,
      object: 'subscription',
      customer: params.customer,
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      start_date: start,
      metadata: metadataOf(params),
      discounts: coupon ? [coupon] : [],
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price: { id: price, object: 'price', unit_amount: priceCents },
            current_period_start: start,
            current_period_end: end,
          },
        ],
      },
      latest_invoice: invoiceId,
    };
    subscriptions.set(subscriptionId, subscription);
    const expanded = expand.some((path) => path === 'latest_invoice' || path.startsWith('latest_invoice.'));
    return { status: 200, body: { ...subscription, latest_invoice: expanded ? invoice : invoiceId } };
  }

  /**
   * A PaymentIntent confirmed at once (confirm=true), as a card in Stripe's test mode is; with
   * pm_card_threeDSecure2Required it waits for the customer's authentication (requires_action).
   */
  function createPaymentIntent(params: Record<string, string>): Reply {
    const intentId = id('pi');
    const chargeId = id('ch');
    if (params.payment_method === DECLINED) {
      return error(402, 'card_error', 'Your card was declined.', {
        code: 'card_declined',
        decline_code: 'generic_decline',
        charge: chargeId,
        payment_intent: { id: intentId, object: 'payment_intent', status: 'requires_payment_method' },
      });
    }
    const charge = {
      id: chargeId,
      object: 'charge',
      amount: Number(params.amount),
      payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
    };
    const expanded = Object.entries(params).some(
      ([key, value]) => key.startsWith('expand[') && value === 'latest_charge',
    );
    const authenticates = params.payment_method === AUTHENTICATION_REQUIRED;
    const intent = {
      id: intentId,
      object: 'payment_intent',
      amount: Number(params.amount),
      currency: params.currency,
      status: authenticates ? 'requires_action' : 'succeeded',
      client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
      next_action: authenticates ? { type: 'use_stripe_sdk', use_stripe_sdk: {} } : null,
      cancellation_reason: null,
      payment_method: params.payment_method,
      description: params.description ?? null,
      metadata: metadataOf(params),
      transfer_data: params['transfer_data[destination]']
        ? { destination: params['transfer_data[destination]'] }
        : null,
      latest_charge: authenticates ? null : expanded ? charge : chargeId,
    };
    intents.set(intentId, intent);
    return { status: 200, body: intent };
  }

  /** Stripe cancels an intent that has not succeeded; a succeeded or cancelled one is refused. */
  function cancelPaymentIntent(intentId: string, params: Record<string, string>): Reply {
    const intent = intents.get(intentId);
    if (!intent) return missing('payment_intent', intentId);
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return error(
        400,
        'invalid_request_error',
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        { code: 'payment_intent_unexpected_state', payment_intent: intent },
      );
    }
    Object.assign(intent, {
      status: 'canceled',
      next_action: null,
      cancellation_reason: params.cancellation_reason ?? null,
    });
    return { status: 200, body: intent };
  }

  function route(method: string, path: string, params: Record<string, string>): Reply {
    if (method === 'POST' && path === '/v1/customers') {
      const customerId = id('cus');
      customers.set(customerId, { paymentMethod: params.payment_method });
      return {
        status: 200,
        body: {
          id: customerId,
          object: 'customer',
          email: params.email ?? null,
          name: params.name ?? null,
          metadata: metadataOf(params),
          invoice_settings: {
            default_payment_method: params['invoice_settings[default_payment_method]'] ?? null,
          },
        },
      };
    }
    if (method === 'POST' && path === '/v1/subscriptions') return createSubscription(params);
    const one = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (one) {
      const subscription = subscriptions.get(one[1]!);
      if (!subscription) return missing('subscription', one[1]!);
      if (method === 'POST') {
        if (params.cancel_at_period_end !== undefined)
          subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
        return { status: 200, body: subscription };
      }
      if (method === 'DELETE') {
        Object.assign(subscription, {
          status: 'canceled',
          canceled_at: nowSeconds(),
          ended_at: nowSeconds(),
        });
        return { status: 200, body: subscription };
      }
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(params);
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel) return cancelPaymentIntent(cancel[1]!, params);
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && intent) {
      const found = intents.get(intent[1]!);
      return found ? { status: 200, body: found } : missing('payment_intent', intent[1]!);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      if (!params.payment_intent && !params.charge) {
        return error(
          400,
          'invalid_request_error',
          'One of the following params should be provided for this request: payment_intent or charge.',
        );
      }
      return {
        status: 200,
        body: {
          id: id('re'),
          object: 'refund',
          status: 'succeeded',
          amount: Number(params.amount),
          currency: 'usd',
          payment_intent: params.payment_intent ?? null,
          charge: params.charge ?? null,
        },
      };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const body = Buffer.concat(chunks).toString('utf8');
    const params = Object.fromEntries(
      new URLSearchParams(request.method === 'GET' || request.method === 'DELETE' ? url.search : body),
    );
    const idempotencyKey = header(request, 'idempotency-key');
    const method = request.method ?? 'GET';
    requests.push({
      method,
      path: url.pathname,
      params,
      idempotencyKey,
      authorization: header(request, 'authorization'),
    });

    const replayKey = idempotencyKey && `${method} ${url.pathname} ${idempotencyKey}`;
    const reply = (replayKey && replays.get(replayKey)) || route(method, url.pathname, params);
    if (replayKey) replays.set(replayKey, reply);
    response.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(JSON.stringify(reply.body));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((failure: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(failure) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** For BuildOptions.stripeApi / createStripeClient. */
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    requests,
    /** The requests to one method and path, e.g. ('POST', '/v1/customers'). */
    requestsTo: (method: string, path: string | RegExp) =>
      requests.filter(
        (entry) =>
          entry.method === method && (typeof path === 'string' ? entry.path === path : path.test(entry.path)),
      ),
    subscription: (subscriptionId: string) => subscriptions.get(subscriptionId),
    paymentIntent: (intentId: string) => intents.get(intentId),
    /** The customer passed the bank's challenge in Stripe.js: the intent succeeded. */
    authenticate(intentId: string) {
      Object.assign(intents.get(intentId) ?? {}, { status: 'succeeded', next_action: null });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function metadataOf(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).flatMap(([key, value]) => {
      const match = /^metadata\[(.+)\]$/.exec(key);
      return match ? [[match[1]!, value]] : [];
    }),
  );
}
