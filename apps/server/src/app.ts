import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type onRouteHookHandler } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import type { Config } from './config/config';
import { loadOrCreateSecret } from './config/secrets';
import { type Database, openDatabase } from './db/client';
import { createDomainEventBus, type DomainEventBus } from './lib/domain-events';
import { runExclusively } from './lib/exclusive';
import { createInvalidatedCaches } from './lib/invalidated-caches';
import { createJwtService } from './lib/jwt';
import { randomToken } from './lib/random-tokens';
import { createSessionTokens, type SessionTokens } from './lib/session-tokens';
import { createMailer } from './mail/mailer';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { ownerReads } from './modules/auth/owner-reads';
import { registerServerBackups } from './modules/backups/server-backups';
import { registerBillPaymentHandlers } from './modules/bills/bill-payment-events';
import { billForNewOrder } from './modules/bills/bill-placement';
import { billRoutes } from './modules/bills/bills.routes';
import { createBillsService } from './modules/bills/bills.service';
import { openBillsRoutes } from './modules/bills/open-bills.routes';
import { createOpenBillsService } from './modules/bills/open-bills.service';
import { createOrderMoneyGuard } from './modules/bills/order-money-guard';
import { createPaymentEvents, type PaymentEvents } from './modules/bills/payment-events';
import { paymentsWebhookRoutes } from './modules/bills/payments-webhook.routes';
import { sendReceiptsOnPayment } from './modules/bills/receipt-email';
import { createReceiptPdfs } from './modules/bills/receipt-pdfs';
import { receiptRoutes } from './modules/bills/receipts.routes';
import { createReceiptsService } from './modules/bills/receipts.service';
import { registerRefundWebhooks } from './modules/bills/refund-webhooks';
import { refundRoutes } from './modules/bills/refunds.routes';
import { createRefundSender, createRefundsService } from './modules/bills/refunds.service';
import { customerMenuRoutes } from './modules/customer-menu/customer-menu.routes';
import { createCustomerMenuService } from './modules/customer-menu/customer-menu.service';
import { menuFastPath } from './modules/customer-menu/menu-fast-path';
import { createPublishedMenus, type PublishedMenus } from './modules/customer-menu/published-menus';
import { customerRoutes } from './modules/customers/customers.routes';
import { createCustomersService } from './modules/customers/customers.service';
import { deviceRoutes } from './modules/devices/devices.routes';
import { createDevicesService } from './modules/devices/devices.service';
import { healthRoutes, probeRoutes } from './modules/health/health.routes';
import { menuRoutes } from './modules/menu/menu.routes';
import { createMenuService } from './modules/menu/menu.service';
import { forfeitHolds } from './modules/orders/order-reads';
import { announceRefunded } from './modules/orders/order-settlement';
import { orderRoutes } from './modules/orders/orders.routes';
import { createOrdersService } from './modules/orders/orders.service';
import { staffOrderRoutes } from './modules/orders/staff-orders.routes';
import { createStaffOrdersService } from './modules/orders/staff-orders.service';
import { createUnpaidOrdersSweep } from './modules/orders/unpaid-orders-sweep';
import { publicConfigRoutes } from './modules/public-config/public-config.routes';
import { qrCodeRoutes } from './modules/qr-codes/qr-codes.routes';
import { createQrCodesService } from './modules/qr-codes/qr-codes.service';
import { createTableSheets } from './modules/qr-codes/table-sheets';
import { paymentSettingsRoutes } from './modules/restaurants/payment-settings.routes';
import { createPaymentSettingsService } from './modules/restaurants/payment-settings.service';
import { restaurantOfCaller } from './modules/restaurants/restaurant-of-caller';
import { restaurantReads } from './modules/restaurants/restaurant-reads';
import { restaurantRoutes } from './modules/restaurants/restaurants.routes';
import { createRestaurantsService } from './modules/restaurants/restaurants.service';
import { createTaxRatesService } from './modules/restaurants/tax-rates.service';
import { salesRoutes } from './modules/sales/sales.routes';
import { createSalesService } from './modules/sales/sales.service';
import { sessionRoutes } from './modules/sessions/sessions.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { createStaffService } from './modules/staff/staff.service';
import { createStaffActors } from './modules/staff/staff-actors';
import { createPaymentProvider } from './modules/subscriptions/payments/create-payment-provider';
import { stripeWebhookRoutes } from './modules/subscriptions/stripe-webhook.routes';
import { createSubscriptionValidity } from './modules/subscriptions/subscription-validity';
import { subscriptionRoutes } from './modules/subscriptions/subscriptions.routes';
import {
  createSubscriptionsService,
  type SubscriptionsService,
} from './modules/subscriptions/subscriptions.service';
import { uploadRoutes } from './modules/uploads/uploads.routes';
import { createUploadsService } from './modules/uploads/uploads.service';
import { authPlugin } from './plugins/auth';
import { batchedStdout } from './plugins/batched-stdout';
import { contentSecurityPolicy } from './plugins/content-security-policy';
import { registerApiDocs } from './plugins/docs';
import { registerErrorHandling } from './plugins/errors';
import { answerBeforeFastify } from './plugins/fast-answers';
import { registerInputRules } from './plugins/input-rules';
import { createMetrics, type Metrics, registerMetrics } from './plugins/metrics';
import { registerRateLimits } from './plugins/rate-limits';
import { registerRealtime } from './plugins/realtime';
import { OneLinePerRequest, requestIdOf } from './plugins/request-lines';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web';

export type BuildOptions = {
  /** The clock every rule reads; tests move it instead of waiting. */
  now?: () => Date;
  /** Sends the Stripe SDK's requests to this address instead of api.stripe.com (tests: a local fake). */
  stripeApi?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Sees every route as it is added (tests: the authorization matrix reads the route table). */
  onRoute?: onRouteHookHandler;
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
};

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    subscriptions: SubscriptionsService;
    /** The diners' menus cache: a write made outside the app's services must invalidate it. */
    publishedMenus: PublishedMenus;
    /** The login tokens: a change made outside the app's services (tests) announces revocations here. */
    tokens: SessionTokens;
    /**
     * The provider's signed events about bill payments and refunds: each money module registers
     * its handlers here (bills, refunds); tests wait for the test provider's deliveries.
     */
    paymentEvents: PaymentEvents;
    /** What the services announce: a change made outside them (tests) announces itself here. */
    domainEvents: DomainEventBus;
    /** The unpaid-order sweep the timer runs; tests run it after moving their clock. */
    unpaidOrdersSweep: () => Promise<{ cancelled: number }>;
    /** The Prometheus series (plugins/metrics.ts): server.ts serves them on their own listener too. */
    metrics: Metrics;
    /** Set by the shutdown (shutdown.ts): /health/ready answers 503 and connections close after their answer. */
    lifecycle: { draining: boolean };
  }
}

function loggerOptions(config: Config, stream: DestinationStream | undefined) {
  const pretty = config.env === 'development' && process.stdout.isTTY && !stream;
  const stdout = stream || pretty || config.logLevel === 'silent' ? undefined : batchedStdout();
  const options = {
    level: config.logLevel,
    ...(stream && { stream }),
    ...stdout?.options,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
  return { options, close: stdout?.close };
}

/**
 * Builds the whole application: outside concerns first (security headers, rate limits, docs),
 * then the app's own (database, auth), then the routes. server.ts only listens; tests call
 * app.inject on the very same app.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  const { trustProxy } = config;
  const logger = loggerOptions(config, options.logStream);
  const app = Fastify({
    logger: logger.options,
    // A hop count believes that many proxies nearest the server (Fastify's types omit the number form).
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    genReqId: requestIdOf,
    forceCloseConnections: 'idle',
    logController: new OneLinePerRequest(),
    // A request that reaches a kept-alive connection while the server closes is served, not
    // refused with a 503: the listener is closed already, so no new connection brings more.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  // The batched request lines are written out, and the exit listener goes with the app.
  const closeLogger = logger.close;
  if (closeLogger) app.addHook('onClose', async () => closeLogger());
  // Before anything registers a route, so the hook sees all of them.
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputRules(app);
  const lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  // A plain callback hook: no promise a request.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // While draining, a proxy's kept-alive connection ends after its answer: its next request
    // opens a new connection, which reaches another instance once this one stops listening.
    if (lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });

  const metrics = createMetrics({ poolStats: () => database.poolStats() });
  app.decorate('metrics', metrics);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    embeddedThread: config.embeddedThread,
    onIdleConnectionError: (error) => app.log.warn({ err: error }, 'idle database connection lost'),
    onQuery: (seconds) => metrics.dbQueries.observe(seconds),
  });
  app.decorate('database', database);
  await registerServerBackups(app, database, { dataDir: config.dataDir, backup: config.backup });
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: app.log,
  });
  app.addHook('onClose', async () => {
    mailer.close();
    await redis?.quit();
    await database.close();
  });

  // The API's headers, which the fast answers (API answers all) send as Fastify would.
  const apiSecurityHeaders = registerSecurityHeaders(app, {
    contentSecurityPolicy: contentSecurityPolicy(config),
  });
  // Fastify reads no body of a GET or HEAD, so @fastify/compress's request-decompression hook
  // would only cost those routes a step; before the plugin, whose own onRoute hook reads this.
  app.addHook('onRoute', (route) => {
    const bodyless = [route.method].flat().every((method) => method === 'GET' || method === 'HEAD');
    if (bodyless && route.decompress === undefined) route.decompress = false;
  });
  // JSON answers above 1 KB (a menu, an order list) travel compressed; static files come
  // precompressed from the build, and small answers are not worth the CPU.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await registerRateLimits(app, redis, config.redisPrefix);
  await registerApiDocs(app);

  const jwtSecret = config.jwtSecret ?? loadOrCreateSecret(config.dataDir, 'jwtSecret');
  // What each process keeps of the database, forgotten on every instance when it changes.
  const caches = createInvalidatedCaches({ redis, prefix: config.redisPrefix, log: app.log });
  app.addHook('onClose', () => caches.close());
  const tokens = createSessionTokens({ db: database.db, jwt: createJwtService(jwtSecret, now), caches });
  app.decorate('tokens', tokens);
  const staffActors = createStaffActors({ db: database.db, caches, tokens });

  const auth = createAuthService({
    db: database.db,
    mailer,
    tokens,
    publicUrl: config.publicUrl,
    ownerTokenTtlSeconds: config.ownerTokenTtlSeconds,
    now,
    log: app.log,
  });
  const events = createDomainEventBus();
  registerMetrics(app, metrics, { token: config.metrics.token, events });
  // Signed with Stripe's webhook secret when Stripe sends them, else with one of this process's
  // own, which only the test provider's local delivery knows.
  const paymentEvents = createPaymentEvents({
    db: database.db,
    now,
    log: app.log,
    secret: config.stripe?.webhookSecret ?? randomToken(),
  });
  app.decorate('paymentEvents', paymentEvents);
  // Before the database closes: a payment confirmed locally a moment ago is still applied.
  app.addHook('preClose', () => paymentEvents.drained());
  registerBillPaymentHandlers(paymentEvents, { db: database.db, now, events, log: app.log });
  const provider = createPaymentProvider(config, {
    stripeApi: options.stripeApi,
    deliverEvent: paymentEvents.deliverLocally,
  });
  app.decorate('domainEvents', events);
  sendReceiptsOnPayment({ db: database.db, mailer, events, now, log: app.log });
  const subscriptions = createSubscriptionsService({
    db: database.db,
    provider,
    now,
    log: app.log,
    events,
    owners: {
      restaurantIdOf: (ownerId) => restaurantReads.idOfOwner(database.db, ownerId),
      contactOf: (ownerId) => ownerReads.contactOf(database.db, ownerId),
    },
  });
  app.decorate('subscriptions', subscriptions);
  await app.register(authPlugin, {
    tokens,
    staffActors,
    subscriptionValidity: createSubscriptionValidity({ caches, subscriptions, events }),
  });
  const publishedMenus = createPublishedMenus({
    db: database.db,
    subscriptions,
    caches,
    onLookup: (hit) => metrics.menuCache.inc({ result: hit ? 'hit' : 'miss' }),
  });
  app.decorate('publishedMenus', publishedMenus);
  // The menu cache learns of every change one way, from the domain events, after it committed.
  events.on('restaurant.changed', ({ restaurantId }) => publishedMenus.invalidate(restaurantId));
  // Whether a subscription is valid decides whether its restaurant's menu is open; its changes
  // are rare, so each forgets every cached menu.
  events.on('subscription.changed', () => publishedMenus.invalidateAll());
  const restaurants = createRestaurantsService({ db: database.db, subscriptions, log: app.log, events });
  const menu = createMenuService({ db: database.db, now, events, forfeitHolds });
  const customerMenu = createCustomerMenuService({ publishedMenus });
  const sheets = createTableSheets();
  app.addHook('onClose', () => sheets.close());
  const receiptPdfs = createReceiptPdfs();
  app.addHook('onClose', () => receiptPdfs.close());
  const qrCodes = createQrCodesService({ db: database.db, publicUrl: config.publicUrl, events, sheets });
  const uploads = createUploadsService({
    storage: config.storage,
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    now,
  });
  scheduleSweep(app, database, {
    name: 'subscription sweep',
    lockId: 7_262_001,
    seconds: config.subscriptionSweepSeconds,
    run: () => subscriptions.sweep(),
  });
  registerRefundWebhooks(paymentEvents, { db: database.db, now, events });
  const refunds = createRefundsService({
    db: database.db,
    now,
    events,
    provider,
    paymentEvents,
    log: app.log,
  });
  // A change to an order that carries money keeps its bill's ledger right, in the change's own
  // transaction (docs/product/payments.md#order-changes).
  const refundSender = createRefundSender({ db: database.db, provider, paymentEvents, log: app.log });
  const orderMoney = createOrderMoneyGuard({
    db: database.db,
    now,
    events,
    providerName: provider.name,
    refunds: refundSender,
  });
  // A refund reserved by a change is asked of the provider once the change has committed; if the
  // process stopped in between, this asks again (the same idempotency key: never twice).
  scheduleSweep(app, database, {
    name: 'unsent refunds sweep',
    lockId: 7_262_004,
    seconds: config.subscriptionSweepSeconds,
    run: () => refundSender.resendUnsent(new Date(now().getTime() - 60_000)),
  });

  // Minutes matter to a 15-minute rule: it follows the same interval as the subscription sweep.
  const unpaidOrdersSweep = createUnpaidOrdersSweep({ db: database.db, events, now, money: orderMoney });
  app.decorate('unpaidOrdersSweep', unpaidOrdersSweep);
  scheduleSweep(app, database, {
    name: 'unpaid orders sweep',
    lockId: 7_262_002,
    seconds: config.subscriptionSweepSeconds,
    run: unpaidOrdersSweep,
  });

  const bills = createBillsService({ db: database.db, now, events, provider });
  // A payment whose payer never finished the bank's challenge frees its shares after
  // AUTHENTICATION_TIMEOUT_MINUTES; minutes matter, so it follows the same interval.
  scheduleSweep(app, database, {
    name: 'abandoned authentications sweep',
    lockId: 7_262_003,
    seconds: config.subscriptionSweepSeconds,
    run: () => bills.sweepAbandonedAuthentications(),
  });

  // A refund the provider confirms after its change was announced (Stripe's webhook comes later):
  // its order is announced again with what went back (docs/product/payments.md#order-changes).
  events.on('refund.succeeded', ({ restaurantId, orderId }) => {
    announceRefunded({ db: database.db, events }, restaurantId, orderId).catch((error) =>
      app.log.error({ err: error, orderId }, 'could not announce a confirmed refund'),
    );
  });

  const openBills = createOpenBillsService({ db: database.db, now });
  registerRealtime(app, {
    db: database.db,
    tokens,
    staffActors,
    events,
    publishedMenus,
    redis,
    redisPrefix: config.redisPrefix,
    openBills,
    sockets: metrics.sockets,
  });
  await app.register(probeRoutes, { database, redis, draining: () => lifecycle.draining });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ping: database.ping });
      await api.register(publicConfigRoutes, { googleMapsApiKey: config.googleMapsApiKey });
      await api.register(authRoutes, { auth });
      await api.register(sessionRoutes, { tokens });
      await api.register(restaurantRoutes, { restaurants });
      await api.register(paymentSettingsRoutes, {
        paymentSettings: createPaymentSettingsService({ db: database.db, events }),
        taxRates: createTaxRatesService({ db: database.db, events }),
      });
      await api.register(menuRoutes, { menu });
      await api.register(qrCodeRoutes, { qrCodes });
      await api.register(uploadRoutes, { uploads });
      await api.register(subscriptionRoutes, { subscriptions });
      await api.register(customerRoutes, {
        customers: createCustomersService({
          db: database.db,
          tokens,
          mailer,
          publicUrl: config.publicUrl,
          customerTokenTtlSeconds: config.customerTokenTtlSeconds,
          now,
          log: app.log,
        }),
      });
      const staffOrders = createStaffOrdersService({
        db: database.db,
        events,
        now,
        publishedMenus,
        money: orderMoney,
      });
      await api.register(orderRoutes, {
        orders: createOrdersService({
          db: database.db,
          publishedMenus,
          events,
          now,
          billing: billForNewOrder,
        }),
        staffOrders,
      });
      await api.register(staffOrderRoutes, { staffOrders });
      await api.register(billRoutes, { bills });
      await api.register(staffRoutes, {
        staff: createStaffService({
          db: database.db,
          mailer,
          tokens,
          publicUrl: config.publicUrl,
          isOwnerEmail: (email) => ownerReads.isOwnerEmail(database.db, email),
          now,
        }),
      });
      await api.register(refundRoutes, { refunds });
      await api.register(salesRoutes, { sales: createSalesService({ db: database.db, now }) });
      await api.register(openBillsRoutes, { openBills });
      await api.register(auditRoutes, {
        audit: createAuditService({
          db: database.db,
          restaurantOfCaller: (ownerId, restaurantId) =>
            restaurantOfCaller(database.db, ownerId, restaurantId),
        }),
      });
      await api.register(customerMenuRoutes, { customerMenu });
      await api.register(receiptRoutes, {
        receipts: createReceiptsService({
          db: database.db,
          pdfs: receiptPdfs,
          ownerHasValidSubscription: (ownerId) => subscriptions.ownerHasValidSubscription(ownerId),
        }),
      });
      await api.register(deviceRoutes, {
        devices: createDevicesService({ db: database.db, tokens, now, publicUrl: config.publicUrl }),
      });
      if (config.stripe?.webhookSecret)
        await api.register(stripeWebhookRoutes, {
          db: database.db,
          now,
          webhookSecret: config.stripe.webhookSecret,
          events,
        });
      if (config.stripe?.webhookSecret) await api.register(paymentsWebhookRoutes, { paymentEvents });
    },
    { prefix: '/api/v1' },
  );

  await registerWebApp(app, config.webDistDir, customerMenu);
  // Last, once every route is known: the diner's menu, answered from memory before Fastify.
  answerBeforeFastify(app, menuFastPath(customerMenu), {
    securityHeaders: apiSecurityHeaders,
    metrics,
    draining: () => lifecycle.draining,
  });
  return app;
}

/**
 * Work done on a timer, on one instance at a time (an advisory lock each): renewals, grace
 * periods and period ends; unpaid orders cancelled; payments never authenticated let go. A round
 * still running skips the next tick.
 */
function scheduleSweep(
  app: FastifyInstance,
  database: Database,
  sweep: { name: string; lockId: number; seconds: number; run: () => Promise<unknown> },
) {
  if (sweep.seconds <= 0) return;
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = runExclusively(database, sweep.lockId, sweep.run)
      .then((counts) => counts && app.log.info({ sweep: sweep.name, counts }, sweep.name))
      // No request behind a sweep: its name is the context an operator searches by.
      .catch((error) => app.log.error({ err: error, sweep: sweep.name }, `${sweep.name} failed`))
      .finally(() => {
        running = undefined;
      });
  }, sweep.seconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
