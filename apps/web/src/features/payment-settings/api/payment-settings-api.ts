import type {
  PaymentSettingsBody,
  PaymentSettingsResponse,
  TaxRateBody,
} from '@tableserve/contract/payment-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { paymentSettingsQueryKey } from '@/lib/payment-settings';

/** The changes of docs/decisions/020-money-model.md's settings; each answers the whole settings. */
type Change =
  | { kind: 'settings'; body: PaymentSettingsBody }
  | { kind: 'add-rate'; body: TaxRateBody }
  | { kind: 'edit-rate'; id: number; body: TaxRateBody }
  | { kind: 'delete-rate'; id: number };

function send(token: string, restaurantId: number, change: Change) {
  const rates = `/restaurant/tax-rates/${restaurantId}`;
  switch (change.kind) {
    case 'settings':
      return apiRequest<PaymentSettingsResponse>(`/restaurant/payment-settings/${restaurantId}`, {
        method: 'PUT',
        token,
        body: change.body,
      });
    case 'add-rate':
      return apiRequest<PaymentSettingsResponse>(rates, { method: 'POST', token, body: change.body });
    case 'edit-rate':
      return apiRequest<PaymentSettingsResponse>(`${rates}/${change.id}`, {
        method: 'PUT',
        token,
        body: change.body,
      });
    case 'delete-rate':
      return apiRequest<PaymentSettingsResponse>(`${rates}/${change.id}`, { method: 'DELETE', token });
  }
}

/** One change; the screen (and the item form's rates) then show what the server stored. */
export function usePaymentSettingsChange(token: string, restaurantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) => send(token, restaurantId, change),
    onSuccess: (response) => queryClient.setQueryData(paymentSettingsQueryKey(restaurantId), response.data),
  });
}
