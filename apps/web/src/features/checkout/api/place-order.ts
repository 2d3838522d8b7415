import { type PlaceOrderBody, PlaceOrderResponse } from '@tableserve/contract/order';
import { apiRequest } from '@/lib/api-client';

type PlaceOrderRequest = { body: PlaceOrderBody; token: string; idempotencyKey: string };

/** POST /customer/place-order with the diner's bearer; 201 answers with the new order's id. */
export async function placeOrder({ body, token, idempotencyKey }: PlaceOrderRequest) {
  const response = await apiRequest<unknown>('/customer/place-order', {
    method: 'POST',
    body,
    token,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return PlaceOrderResponse.parse(response);
}
