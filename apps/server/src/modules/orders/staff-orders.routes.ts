import { OrderHistoryResponse } from '@tableserve/contract/audit';
import { ApiError } from '@tableserve/contract/errors';
import { UpdateOrderStatusBody, UpdateOrderStatusParams } from '@tableserve/contract/order';
import {
  KitchenOrdersResponse,
  MarkPaidBatchBody,
  MarkPaidBatchResponse,
  MoneyPreviewBody,
  MoneyPreviewResponse,
  OrderActionResponse,
  OrderParams,
  OrderSummaryListQuery,
  OrderSummaryListResponse,
  OwnerOrdersQuery,
  OwnerOrdersResponse,
  RestaurantOrderParams,
  RestaurantParams,
  UpdateOrderBody,
} from '@tableserve/contract/owner-orders';
import {
  can,
  PERMISSIONS,
  STATUS_CHANGE_PERMISSIONS,
  staffRoleMessages,
} from '@tableserve/contract/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/app-error';
import { ownerLimits } from '../../plugins/rate-limits';
import type { StaffOrdersService } from './staff-orders.service';

const security = [{ bearer: [] }];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };
/** The changes to orders also answer 429 past the staff's generous limit. */
const changeErrors = { ...errors, 429: ApiError };
const Message = z.object({ message: z.string() });
/** The status call's first check, before its body says which status: any permission that moves one. */
const anyStatusChange = PERMISSIONS.filter((permission) =>
  Object.values(STATUS_CHANGE_PERMISSIONS).some((anyOf) => anyOf.includes(permission)),
);

/**
 * The restaurant's order screens (docs/product/api-conventions.md#api-calls): Order Summary, Order Management, Mark as Paid
 * and the kitchen. The caller's token and role (docs/product/staff.md#roles) are checked on
 * request, before the body is read; every change needs a valid subscription too. The restaurant
 * and order must be the caller's.
 */
export const staffOrderRoutes: FastifyPluginAsyncZod<{ staffOrders: StaffOrdersService }> = async (
  app,
  { staffOrders },
) => {
  // One limiter, so every change to orders counts against the same per-owner bucket.
  const limitChanges = app.limitByOwner('staff-order-actions', ownerLimits.staffOrderActions);

  app.get(
    '/customer/orders/:restaurant_id',
    {
      schema: {
        tags: ['Restaurant orders'],
        description: 'Order Summary: filter, search (name or order id), sort, and the business day counters.',
        security,
        params: RestaurantParams,
        querystring: OrderSummaryListQuery,
        response: { 200: OrderSummaryListResponse, ...errors },
      },
      onRequest: app.requirePermission('orders.view'),
    },
    async (request) => staffOrders.summaryList(request.ownerId, request.params.restaurant_id, request.query),
  );

  app.get(
    '/owner/restaurant/:restaurant_id/orders',
    {
      schema: {
        tags: ['Restaurant orders'],
        description: 'Order Management: every live order, newest first.',
        security,
        params: RestaurantParams,
        querystring: OwnerOrdersQuery,
        response: { 200: OwnerOrdersResponse, ...errors },
      },
      onRequest: app.requirePermission('orders.view'),
    },
    async (request) =>
      staffOrders.ownerList(
        request.ownerId,
        request.params.restaurant_id,
        request.query.page,
        request.query.per_page,
      ),
  );

  app.post(
    '/owner/restaurant/:restaurant_id/approve-order/:order_id',
    {
      schema: {
        tags: ['Restaurant orders'],
        security,
        params: RestaurantOrderParams,
        response: { 200: OrderActionResponse, ...changeErrors },
      },
      onRequest: app.requirePermission('orders.manage', { subscribed: true }),
      preHandler: limitChanges,
    },
    async (request) =>
      staffOrders.approve(request.actor!, request.params.restaurant_id, request.params.order_id),
  );

  app.put(
    '/customer/update-order/:order_id',
    {
      schema: {
        tags: ['Restaurant orders'],
        description: "Order Management's edit of a Pending order; the total is recomputed from the menu.",
        security,
        params: OrderParams,
        body: UpdateOrderBody,
        response: { 200: OrderActionResponse, ...changeErrors },
      },
      onRequest: app.requirePermission('orders.manage', { subscribed: true }),
      preHandler: limitChanges,
    },
    async (request) => staffOrders.edit(request.actor!, request.params.order_id, request.body.order_items),
  );

  app.delete(
    '/owner/restaurant/:restaurant_id/delete-order/:order_id',
    {
      schema: {
        tags: ['Restaurant orders'],
        description: 'Soft delete: hidden from lists and reports. Refused for Completed orders.',
        security,
        params: RestaurantOrderParams,
        response: { 200: Message, ...changeErrors },
      },
      onRequest: app.requirePermission('orders.manage', { subscribed: true }),
      preHandler: limitChanges,
    },
    async (request) =>
      staffOrders.remove(request.actor!, request.params.restaurant_id, request.params.order_id),
  );

  app.post(
    '/owner/restaurant/:restaurant_id/orders/:order_id/money-preview',
    {
      schema: {
        tags: ['Restaurant orders'],
        description:
          'What cancelling, deleting or editing the order would do to its bill’s money (refunds per card, what the table is asked again), worked out by the change itself and rolled back (docs/product/payments.md#order-changes).',
        security,
        params: RestaurantOrderParams,
        body: MoneyPreviewBody,
        response: { 200: MoneyPreviewResponse, ...changeErrors },
      },
      onRequest: app.requirePermission('orders.manage'),
      preHandler: limitChanges,
    },
    async (request) =>
      staffOrders.moneyPreview(
        request.actor!,
        request.params.restaurant_id,
        request.params.order_id,
        request.body,
      ),
  );

  app.post(
    '/owner/restaurant/:restaurant_id/mark-paid/:order_id',
    {
      schema: {
        tags: ['Restaurant orders'],
        description: 'Mark as Paid: a Ready order becomes Completed.',
        security,
        params: RestaurantOrderParams,
        response: { 200: OrderActionResponse, ...changeErrors },
      },
      onRequest: app.requirePermission('orders.pay', { subscribed: true }),
      preHandler: limitChanges,
    },
    async (request) =>
      staffOrders.markPaid(request.actor!, request.params.restaurant_id, request.params.order_id),
  );

  app.post(
    '/owner/restaurant/:restaurant_id/mark-paid',
    {
      schema: {
        tags: ['Restaurant orders'],
        description: 'Mark Selected as Paid: every order Ready and of this restaurant, or nothing changes.',
        security,
        params: RestaurantParams,
        body: MarkPaidBatchBody,
        response: { 200: MarkPaidBatchResponse, ...changeErrors },
      },
      onRequest: app.requirePermission('orders.pay', { subscribed: true }),
      preHandler: limitChanges,
    },
    async (request) =>
      staffOrders.markManyPaid(request.actor!, request.params.restaurant_id, request.body.order_ids),
  );

  app.get(
    '/owner/restaurant/:restaurant_id/orders/:order_id/history',
    {
      schema: {
        tags: ['Restaurant orders'],
        description: "One order's audit entries, oldest first: who approved it, who marked it paid.",
        security,
        params: RestaurantOrderParams,
        response: { 200: OrderHistoryResponse, ...errors },
      },
      onRequest: app.requirePermission(['orders.view', 'kitchen.view']),
    },
    async (request) =>
      staffOrders.history(request.ownerId, request.params.restaurant_id, request.params.order_id),
  );

  app.get(
    '/kitchen/restaurant/:restaurant_id/orders',
    {
      schema: {
        tags: ['Kitchen'],
        description: "The current business day's orders, oldest first.",
        security,
        params: RestaurantParams,
        response: { 200: KitchenOrdersResponse, ...errors },
      },
      onRequest: app.requirePermission('kitchen.view'),
    },
    async (request) => staffOrders.kitchenList(request.ownerId, request.params.restaurant_id),
  );

  app.post(
    '/kitchen/restaurant/:restaurant_id/update-order-status/:order_id',
    {
      schema: {
        tags: ['Kitchen'],
        security,
        params: UpdateOrderStatusParams,
        body: UpdateOrderStatusBody,
        response: { 200: OrderActionResponse, ...changeErrors },
      },
      onRequest: app.requirePermission(anyStatusChange, { subscribed: true }),
      preHandler: [
        async (request) => {
          const role = request.actor?.role ?? 'owner';
          if (!STATUS_CHANGE_PERMISSIONS[request.body.status].some((one) => can(role, one)))
            throw forbidden(staffRoleMessages.forbidden, 'FORBIDDEN');
        },
        limitChanges,
      ],
    },
    async (request) =>
      staffOrders.updateStatus(request.actor!, request.params.restaurant_id, request.params.order_id, {
        to: request.body.status,
        may: (permission) => can(request.actor?.role ?? 'owner', permission),
      }),
  );
};
