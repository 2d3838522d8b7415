import {
  CreateCustomerBody,
  CustomerForgotPasswordBody,
  CustomerLoginBody,
  CustomerResetPasswordBody,
  CustomerSessionResponse,
} from '@tableserve/contract/customer';
import { ApiError, MessageResponse } from '@tableserve/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountLimits } from '../../plugins/rate-limits';
import type { CustomersService } from './customers.service';

const tags = ['Diners'];
const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError, 429: ApiError };

/** Diner accounts (docs/product/accounts.md#diner-accounts, forgot-password, reset_password). */
export const customerRoutes: FastifyPluginAsyncZod<{ customers: CustomersService }> = async (
  app,
  { customers },
) => {
  app.post(
    '/customer/create',
    {
      schema: { tags, body: CreateCustomerBody, response: { 201: CustomerSessionResponse, ...errors } },
      preHandler: app.limitByIpAndEmail('customer-create', accountLimits.customerCreate),
    },
    async (request, reply) => reply.code(201).send(await customers.create(request.body)),
  );

  app.post(
    '/customer/login',
    {
      schema: { tags, body: CustomerLoginBody, response: { 200: CustomerSessionResponse, ...errors } },
      preHandler: app.limitByIpAndEmail('customer-login', accountLimits.login),
      onResponse: app.recordFailedLogin,
    },
    async (request) => customers.login(request.body.email, request.body.password),
  );

  app.post(
    '/customer/forgot-password',
    {
      schema: { tags, body: CustomerForgotPasswordBody, response: { 200: MessageResponse, ...errors } },
      preHandler: app.limitByIpAndEmail('customer-forgot-password', accountLimits.forgotPassword),
    },
    async (request) => customers.forgotPassword(request.body.email),
  );

  app.post(
    '/customer/reset_password',
    {
      schema: { tags, body: CustomerResetPasswordBody, response: { 200: MessageResponse, ...errors } },
      preHandler: app.limitByIpAndEmail('customer-reset-password', accountLimits.resetPassword),
    },
    async (request) => customers.resetPassword(request.body.token, request.body.new_password),
  );
};
