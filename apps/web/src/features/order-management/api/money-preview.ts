import { type MoneyPreviewBody, MoneyPreviewResponse } from '@tableserve/contract/owner-orders';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /owner/restaurant/{restaurant_id}/orders/{order_id}/money-preview
 * (docs/product/payments.md#order-changes): what a delete or an edit would do to the money of the
 * order's bill, worked out by the server's own change and rolled back. Refused as the change
 * would be: 403 for a role that may not refund, 409 while a payment is being confirmed.
 */
export async function previewMoney(
  { restaurantId, token }: { restaurantId: number; token: string },
  orderId: number,
  change: MoneyPreviewBody,
) {
  return MoneyPreviewResponse.parse(
    await apiRequest<unknown>(`/owner/restaurant/${restaurantId}/orders/${orderId}/money-preview`, {
      method: 'POST',
      token,
      body: change,
    }),
  );
}

/** One question to the preview; asked again from the start each time (nothing is cached). */
export function useMoneyPreview(restaurantId: number, token: string, orderId: number) {
  return useMutation({
    mutationFn: (change: MoneyPreviewBody) => previewMoney({ restaurantId, token }, orderId, change),
  });
}
