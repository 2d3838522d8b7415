import { ApiError, MessageResponse } from '@tableserve/contract/errors';
import { serverMessages } from '@tableserve/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionTokens } from '../../lib/session-tokens';

const security = [{ bearer: [] }];
const response = { 200: MessageResponse, 401: ApiError };

/**
 * "Log out everywhere" for owners and diners (added to the spec's calls): a lost phone or a
 * shared tablet stops working at once, this token included. A password reset does the same.
 */
export const sessionRoutes: FastifyPluginAsyncZod<{ tokens: SessionTokens }> = async (app, { tokens }) => {
  app.post(
    '/auth/logout-everywhere',
    { schema: { tags: ['Owner accounts'], security, response }, onRequest: app.requireOwner },
    async (request) => {
      await tokens.revokeAll('owner', request.ownerId);
      return { message: serverMessages.loggedOutEverywhere };
    },
  );

  app.post(
    '/customer/logout-everywhere',
    { schema: { tags: ['Diners'], security, response }, onRequest: app.requireCustomer },
    async (request) => {
      await tokens.revokeAll('customer', request.customerId);
      return { message: serverMessages.loggedOutEverywhere };
    },
  );
};
