import {
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  RegisterBody,
  ResetPasswordBody,
  UpdateProfileBody,
  UserIdParams,
  UserProfile,
  VerifyEmailQuery,
  VerifyEmailResponse,
} from '@tableserve/contract/auth';
import { ApiError, MessageResponse } from '@tableserve/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountLimits } from '../../plugins/rate-limits';
import type { AuthService } from './auth.service';

const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError, 429: ApiError };
const tags = ['Owner accounts'];
const security = [{ bearer: [] }];

/** Owner accounts (docs/product/api-conventions.md#api-calls: /auth/*). */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        body: RegisterBody,
        response: { 201: z.object({ message: z.string(), user_id: z.number() }), ...errors },
      },
      preHandler: app.limitByIpAndEmail('register', accountLimits.register),
    },
    async (request, reply) => reply.code(201).send(await auth.register(request.body)),
  );

  app.get(
    '/auth/verify-email',
    { schema: { tags, querystring: VerifyEmailQuery, response: { 200: VerifyEmailResponse, ...errors } } },
    async (request) => auth.verifyEmail(request.query.token),
  );

  app.post(
    '/auth/login',
    {
      schema: { tags, body: LoginBody, response: { 200: LoginResponse, ...errors } },
      preHandler: app.limitByIpAndEmail('login', accountLimits.login),
      onResponse: app.recordFailedLogin,
    },
    async (request) => auth.login(request.body),
  );

  app.post(
    '/auth/forgot_password',
    {
      schema: { tags, body: ForgotPasswordBody, response: { 200: MessageResponse, ...errors } },
      preHandler: app.limitByIpAndEmail('forgot-password', accountLimits.forgotPassword),
    },
    async (request) => auth.forgotPassword(request.body.email),
  );

  app.post(
    '/auth/reset_password',
    {
      schema: { tags, body: ResetPasswordBody, response: { 200: MessageResponse, ...errors } },
      preHandler: app.limitByIpAndEmail('reset-password', accountLimits.resetPassword),
    },
    async (request) => auth.resetPassword(request.body),
  );

  app.get(
    '/auth/user/:user_id',
    {
      schema: { tags, security, params: UserIdParams, response: { 200: UserProfile, ...errors } },
      onRequest: app.requireOwner,
    },
    async (request) => auth.getProfile(request.ownerId, request.params.user_id),
  );

  app.put(
    '/auth/user/:user_id',
    {
      schema: {
        tags,
        security,
        params: UserIdParams,
        body: UpdateProfileBody,
        response: { 200: z.object({ message: z.string(), user: UserProfile }), ...errors },
      },
      onRequest: app.requireOwner,
    },
    async (request) => auth.updateProfile(request.ownerId, request.params.user_id, request.body),
  );
};
