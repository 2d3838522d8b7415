import type { OrderStatus } from '@tableserve/contract/order';
import { PlaceOrderResponse } from '@tableserve/contract/order';
import {
  MarkPaidBatchResponse,
  OrderActionResponse,
  type OwnerPlaceOrderBody,
  type StaffOrder,
  type UpdateOrderBody,
} from '@tableserve/contract/owner-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { replaceOrder } from '../lib/order-lists';
import { staffOrderKeys } from './staff-order-keys';

type Caller = { restaurantId: number; token: string };

/** POST /kitchen/restaurant/{restaurant_id}/update-order-status/{order_id} (docs/product/api-conventions.md#api-calls). */
export async function updateOrderStatus(
  { restaurantId, token }: Caller,
  orderId: number,
  status: OrderStatus,
) {
  const body = await apiRequest<unknown>(
    `/kitchen/restaurant/${restaurantId}/update-order-status/${orderId}`,
    {
      method: 'POST',
      token,
      body: { status },
    },
  );
  return OrderActionResponse.parse(body).order;
}

/** POST /owner/restaurant/{restaurant_id}/approve-order/{order_id}: Pending → Approved. */
export async function approveOrder({ restaurantId, token }: Caller, orderId: number) {
  const body = await apiRequest<unknown>(`/owner/restaurant/${restaurantId}/approve-order/${orderId}`, {
    method: 'POST',
    token,
  });
  return OrderActionResponse.parse(body).order;
}

/** PUT /customer/update-order/{order_id}: a Pending order's new items; the server prices them. */
export async function updateOrderItems(
  { token }: Caller,
  orderId: number,
  items: UpdateOrderBody['order_items'],
  totalAmount: number,
) {
  const body = await apiRequest<unknown>(`/customer/update-order/${orderId}`, {
    method: 'PUT',
    token,
    body: { order_items: items, total_amount: totalAmount },
  });
  return OrderActionResponse.parse(body).order;
}

/** DELETE /owner/restaurant/{restaurant_id}/delete-order/{order_id}: a soft delete. */
export async function deleteOrder({ restaurantId, token }: Caller, orderId: number): Promise<undefined> {
  await apiRequest<unknown>(`/owner/restaurant/${restaurantId}/delete-order/${orderId}`, {
    method: 'DELETE',
    token,
  });
  return undefined;
}

/** POST /owner/restaurant/{restaurant_id}/mark-paid/{order_id}: Mark as Paid (Ready → Completed). */
export async function markOrderPaid({ restaurantId, token }: Caller, orderId: number) {
  const body = await apiRequest<unknown>(`/owner/restaurant/${restaurantId}/mark-paid/${orderId}`, {
    method: 'POST',
    token,
  });
  return OrderActionResponse.parse(body).order;
}

/** POST /owner/restaurant/{restaurant_id}/mark-paid: 'Mark Selected as Paid', all or nothing. */
export async function markOrdersPaid({ restaurantId, token }: Caller, orderIds: number[]) {
  const body = await apiRequest<unknown>(`/owner/restaurant/${restaurantId}/mark-paid`, {
    method: 'POST',
    token,
    body: { order_ids: orderIds },
  });
  return MarkPaidBatchResponse.parse(body).orders;
}

/** POST /customer/place-order with the owner's token and form (docs/product/staff-screens.md#owner-place-order). */
export async function placeOwnerOrder(token: string, order: OwnerPlaceOrderBody, idempotencyKey: string) {
  const body = await apiRequest<unknown>('/customer/place-order', {
    method: 'POST',
    token,
    body: order,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return PlaceOrderResponse.parse(body);
}

/**
 * Runs one order action and brings every order screen of the restaurant up to date: the answered
 * order(s) replace their copies at once, then the lists are refetched (counters, filters, paging).
 */
export function useOrderAction<Args, Result extends StaffOrder | StaffOrder[] | undefined>(
  restaurantId: number,
  action: (args: Args) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (result) => {
      const key = staffOrderKeys.all(restaurantId);
      const changed = result ? (Array.isArray(result) ? result : [result]) : [];
      for (const order of changed)
        queryClient.setQueriesData({ queryKey: key }, (data: unknown) => replaceOrder(data, order));
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
