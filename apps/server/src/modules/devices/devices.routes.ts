import {
  CreatePairingCodeBody,
  DeviceListResponse,
  DeviceParams,
  DeviceSessionResponse,
  DevicesParams,
  deviceMessages,
  PairBody,
  PairingCodeResponse,
  RefreshDeviceBody,
  RevokeDeviceResponse,
} from '@tableserve/contract/devices';
import { ApiError } from '@tableserve/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceLimits, ownerLimits } from '../../plugins/rate-limits';
import type { DevicesService } from './devices.service';

const tags = ['Devices'];
const security = [{ bearer: [] }];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

/** Paired devices (docs/product/staff.md#paired-devices, docs/decisions/019-device-credentials.md). */
export const deviceRoutes: FastifyPluginAsyncZod<{ devices: DevicesService }> = async (app, { devices }) => {
  const manage = app.requirePermission('staff.manage', { subscribed: true });

  app.post(
    '/owner/restaurant/:restaurant_id/devices/pairing-codes',
    {
      schema: {
        tags,
        security,
        description: 'A 6-digit code, valid 10 minutes and once, that pairs a tablet as the named device.',
        params: DevicesParams,
        body: CreatePairingCodeBody,
        response: { 201: PairingCodeResponse, ...errors, 429: ApiError },
      },
      onRequest: manage,
      preHandler: app.limitByOwner('device-pairing-codes', ownerLimits.pairingCodes),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').code(201);
      return devices.createPairingCode(request.actor!, request.params.restaurant_id, request.body);
    },
  );

  app.get(
    '/owner/restaurant/:restaurant_id/devices',
    {
      schema: { tags, security, params: DevicesParams, response: { 200: DeviceListResponse, ...errors } },
      onRequest: manage,
    },
    async (request) => devices.list(request.ownerId, request.params.restaurant_id),
  );

  app.post(
    '/owner/restaurant/:restaurant_id/devices/:device_id/revoke',
    {
      schema: {
        tags,
        security,
        description: 'Signs the device out at once: its next call is 401 and its sockets close.',
        params: DeviceParams,
        response: { 200: RevokeDeviceResponse, ...errors },
      },
      onRequest: manage,
    },
    async (request) => {
      await devices.revoke(request.actor!, request.params.restaurant_id, request.params.device_id);
      return { message: deviceMessages.revoked };
    },
  );

  app.post(
    '/devices/pair',
    {
      schema: {
        tags,
        description: "Trades a pairing code for the device's credential and an access token.",
        body: PairBody,
        response: { 201: DeviceSessionResponse, 400: ApiError, 401: ApiError, 429: ApiError },
      },
      preHandler: app.limitByIp('device-pair', deviceLimits.pair),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').code(201);
      return devices.pair(request.body.code);
    },
  );

  app.post(
    '/devices/refresh',
    {
      schema: {
        tags,
        description:
          'Trades the device credential for a new one and a fresh access token; the old one works 2 more minutes.',
        body: RefreshDeviceBody,
        response: { 200: DeviceSessionResponse, 400: ApiError, 401: ApiError, 429: ApiError },
      },
      preHandler: app.limitByIp('device-refresh', deviceLimits.refresh),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return devices.refresh(request.body.credential);
    },
  );
};
