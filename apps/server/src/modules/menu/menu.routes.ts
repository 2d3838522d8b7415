import { ApiError, MessageResponse } from '@tableserve/contract/errors';
import {
  MenuIdParams,
  MenuItemBody,
  MenuItemResponse,
  MenuItemsResponse,
  SoldOutBody,
} from '@tableserve/contract/menu';
import { RestaurantIdParams } from '@tableserve/contract/restaurant';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MenuService } from './menu.service';

const tags = ['Menu'];
const security = [{ bearer: [] }];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

/** Menu items (docs/product/menu.md#menu-items): the owner's own restaurant only. */
export const menuRoutes: FastifyPluginAsyncZod<{ menu: MenuService }> = async (app, { menu }) => {
  app.get(
    '/menu/get-menu-items/:restaurant_id',
    {
      schema: { tags, security, params: RestaurantIdParams, response: { 200: MenuItemsResponse, ...errors } },
      onRequest: app.requirePermission('menu.view'),
    },
    async (request) => menu.list(request.ownerId, request.params.restaurant_id),
  );

  app.post(
    '/menu/add-menu-item',
    {
      schema: { tags, security, body: MenuItemBody, response: { 201: MenuItemResponse, ...errors } },
      onRequest: app.requirePermission('menu.manage', { subscribed: true }),
    },
    async (request, reply) => reply.code(201).send(await menu.add(request.actor!, request.body)),
  );

  app.post(
    '/menu/update-menu-item/:menu_id',
    {
      schema: {
        tags,
        security,
        params: MenuIdParams,
        body: MenuItemBody,
        response: { 200: MenuItemResponse, ...errors },
      },
      onRequest: app.requirePermission('menu.manage', { subscribed: true }),
    },
    async (request) => menu.update(request.actor!, request.params.menu_id, request.body),
  );

  app.post(
    '/menu/sold-out/:menu_id',
    {
      schema: {
        tags,
        security,
        summary: "The kitchen's one tap: an item sold out (its count set to 0) or back on the menu",
        params: MenuIdParams,
        body: SoldOutBody,
        response: { 200: MenuItemResponse, ...errors },
      },
      onRequest: app.requirePermission('stock.manage', { subscribed: true }),
    },
    async (request) => menu.setSoldOut(request.actor!, request.params.menu_id, request.body),
  );

  app.delete(
    '/menu/delete-menu-item/:menu_id',
    {
      schema: { tags, security, params: MenuIdParams, response: { 200: MessageResponse, ...errors } },
      onRequest: app.requirePermission('menu.manage', { subscribed: true }),
    },
    async (request) => menu.remove(request.actor!, request.params.menu_id),
  );
};
