import { ApiError, MessageResponse } from '@tableserve/contract/errors';
import {
  AcceptInvitationBody,
  ChangeStaffRoleBody,
  InvitationQuery,
  InvitationResponse,
  InviteStaffBody,
  StaffIdParams,
  StaffListResponse,
  StaffMemberResponse,
} from '@tableserve/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountLimits } from '../../plugins/rate-limits';
import type { StaffService } from './staff.service';

const tags = ['Staff'];
const security = [{ bearer: [] }];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError, 429: ApiError };

/** Staff accounts (docs/product/staff.md#staff-accounts): the restaurant's team, and invitations. */
export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService }> = async (app, { staff }) => {
  const manage = app.requirePermission('staff.manage', { subscribed: true });

  app.get(
    '/staff',
    {
      schema: { tags, security, response: { 200: StaffListResponse, ...errors } },
      onRequest: app.requirePermission('staff.manage'),
    },
    async (request) => staff.list(request.actor!),
  );

  app.post(
    '/staff',
    {
      schema: { tags, security, body: InviteStaffBody, response: { 201: StaffMemberResponse, ...errors } },
      onRequest: manage,
    },
    async (request, reply) => reply.code(201).send(await staff.invite(request.actor!, request.body)),
  );

  app.put(
    '/staff/:staff_id',
    {
      schema: {
        tags,
        security,
        params: StaffIdParams,
        body: ChangeStaffRoleBody,
        response: { 200: StaffMemberResponse, ...errors },
      },
      onRequest: manage,
    },
    async (request) => staff.changeRole(request.actor!, request.params.staff_id, request.body.role),
  );

  app.delete(
    '/staff/:staff_id',
    {
      schema: { tags, security, params: StaffIdParams, response: { 200: MessageResponse, ...errors } },
      onRequest: manage,
    },
    async (request) => staff.remove(request.actor!, request.params.staff_id),
  );

  app.post(
    '/staff/:staff_id/resend-invitation',
    {
      schema: { tags, security, params: StaffIdParams, response: { 200: MessageResponse, ...errors } },
      onRequest: manage,
    },
    async (request) => staff.resendInvitation(request.actor!, request.params.staff_id),
  );

  // Public: the invitation page asks who is invited before showing the password form.
  app.get(
    '/staff/invitation',
    {
      schema: { tags, querystring: InvitationQuery, response: { 200: InvitationResponse, ...errors } },
      preHandler: app.limitByIpAndEmail('staff-invitation', accountLimits.checkInvitation),
    },
    async (request) => staff.invitation(request.query.token),
  );

  app.post(
    '/staff/invitation/accept',
    {
      schema: { tags, body: AcceptInvitationBody, response: { 200: MessageResponse, ...errors } },
      preHandler: app.limitByIpAndEmail('staff-invitation-accept', accountLimits.acceptInvitation),
    },
    async (request) => staff.accept(request.body),
  );
};
