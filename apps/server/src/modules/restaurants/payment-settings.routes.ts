import { ApiError } from '@tableserve/contract/errors';
import {
  GetPaymentSettingsResponse,
  PaymentSettingsBody,
  PaymentSettingsResponse,
  RestaurantIdParams,
  TaxRateBody,
  TaxRateParams,
} from '@tableserve/contract/payment-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentSettingsService } from './payment-settings.service';
import type { TaxRatesService } from './tax-rates.service';

const tags = ['Payment settings'];
const security = [{ bearer: [] }];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

/** Payment settings and tax rates (docs/decisions/020-money-model.md): the owner's and managers'. */
export const paymentSettingsRoutes: FastifyPluginAsyncZod<{
  paymentSettings: PaymentSettingsService;
  taxRates: TaxRatesService;
}> = async (app, { paymentSettings, taxRates }) => {
  const onRequest = app.requirePermission('restaurant.manage', { subscribed: true });

  app.get(
    '/restaurant/payment-settings/:restaurant_id',
    {
      schema: {
        tags,
        security,
        params: RestaurantIdParams,
        response: { 200: GetPaymentSettingsResponse, ...errors },
      },
      onRequest,
    },
    async (request) => paymentSettings.get(request.actor!, request.params.restaurant_id),
  );

  app.put(
    '/restaurant/payment-settings/:restaurant_id',
    {
      schema: {
        tags,
        security,
        description: 'Only the fields sent change. Tax rates change through their own routes.',
        params: RestaurantIdParams,
        body: PaymentSettingsBody,
        response: { 200: PaymentSettingsResponse, ...errors },
      },
      onRequest,
    },
    async (request) => paymentSettings.update(request.actor!, request.params.restaurant_id, request.body),
  );

  app.post(
    '/restaurant/tax-rates/:restaurant_id',
    {
      schema: {
        tags,
        security,
        params: RestaurantIdParams,
        body: TaxRateBody,
        response: { 201: PaymentSettingsResponse, ...errors },
      },
      onRequest,
    },
    async (request, reply) =>
      reply.code(201).send(await taxRates.add(request.actor!, request.params.restaurant_id, request.body)),
  );

  app.put(
    '/restaurant/tax-rates/:restaurant_id/:tax_rate_id',
    {
      schema: {
        tags,
        security,
        params: TaxRateParams,
        body: TaxRateBody,
        response: { 200: PaymentSettingsResponse, ...errors },
      },
      onRequest,
    },
    async (request) =>
      taxRates.update(request.actor!, request.params.restaurant_id, request.params.tax_rate_id, request.body),
  );

  app.delete(
    '/restaurant/tax-rates/:restaurant_id/:tax_rate_id',
    {
      schema: {
        tags,
        security,
        params: TaxRateParams,
        response: { 200: PaymentSettingsResponse, ...errors },
      },
      onRequest,
    },
    async (request) =>
      taxRates.remove(request.actor!, request.params.restaurant_id, request.params.tax_rate_id),
  );
};
