import { ApiError } from '@tableserve/contract/errors';
import {
  CancelSubscriptionBody,
  CancelSubscriptionResponse,
  CreateSubscriptionBody,
  CreateSubscriptionResponse,
  LinkRestaurantBody,
  LinkRestaurantResponse,
  PlansResponse,
  Subscription,
  ValidateCouponBody,
  ValidateCouponResponse,
} from '@tableserve/contract/subscription';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerLimits } from '../../plugins/rate-limits';
import type { SubscriptionsService } from './subscriptions.service';

const tags = ['Subscriptions'];
const security = [{ bearer: [] }];
const errors = { 400: ApiError, 401: ApiError, 402: ApiError, 404: ApiError, 409: ApiError, 429: ApiError };
const UserIdParams = z.strictObject({ user_id: z.coerce.number().int().positive() });
const IdempotencyHeaders = z.object({ 'idempotency-key': z.string().trim().min(8).max(255).optional() });

/** Subscriptions (docs/product/subscriptions.md#subscription-statuses). */
export const subscriptionRoutes: FastifyPluginAsyncZod<{ subscriptions: SubscriptionsService }> = async (
  app,
  { subscriptions },
) => {
  app.get('/subscription/plans', { schema: { tags, response: { 200: PlansResponse } } }, async () => ({
    plans: await subscriptions.listPlans(),
  }));

  app.get(
    '/subscription/subscription-status/:user_id',
    {
      schema: { tags, security, params: UserIdParams, response: { 200: Subscription, ...errors } },
      onRequest: app.requireOwner,
    },
    async (request) => subscriptions.status(request.ownerId, request.params.user_id),
  );

  app.post(
    '/subscription/validate-coupon',
    {
      schema: { tags, body: ValidateCouponBody, response: { 200: ValidateCouponResponse, ...errors } },
      // Public, so limited: guessing coupon codes should be slow.
      preHandler: app.rateLimit({ max: 30, timeWindow: 60_000 }),
    },
    async (request) => subscriptions.validateCoupon(request.body.coupon_id, request.body.plan_id),
  );

  app.post(
    '/subscription/create-subscription',
    {
      schema: {
        tags,
        security,
        headers: IdempotencyHeaders,
        body: CreateSubscriptionBody,
        response: { 201: CreateSubscriptionResponse, ...errors },
      },
      onRequest: app.requireOwner,
      // Each call may charge a card: limited per owner, and declines per address (card testing).
      ...app.limitCharges('create-subscription', ownerLimits.createSubscription),
    },
    async (request, reply) => {
      const outcome = await subscriptions.create(
        request.ownerId,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.code(outcome.status).send(outcome.body as CreateSubscriptionResponse);
    },
  );

  app.post(
    '/subscription/cancel-subscription/:user_id',
    {
      schema: {
        tags,
        security,
        params: UserIdParams,
        body: CancelSubscriptionBody,
        response: { 200: CancelSubscriptionResponse, ...errors },
      },
      onRequest: app.requireOwner,
    },
    async (request) =>
      subscriptions.cancel(request.ownerId, request.params.user_id, request.body?.mode ?? 'at_period_end'),
  );

  // The spec's client calls the second when the first fails; both link the owner's restaurant.
  for (const path of [
    '/subscription/link-restaurant-subscription',
    '/subscription/update-subscription-restaurant',
  ]) {
    app.post(
      path,
      {
        schema: {
          tags,
          security,
          body: LinkRestaurantBody,
          response: { 200: LinkRestaurantResponse, ...errors },
        },
        onRequest: app.requireOwner,
      },
      async (request) => subscriptions.linkRestaurant(request.ownerId, request.body.user_id),
    );
  }
};
