import type { MenuItem } from '@tableserve/contract/menu';
import { type OwnerPlaceOrderBody, ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { ApiRequestError } from '@/lib/api-client';
import { placeOwnerOrder } from '@/orders/api/order-actions';
import { staffOrderKeys } from '@/orders/api/staff-order-keys';
import { isRefusedToken } from '@/session/owner/owner-session';
import {
  attemptFor,
  type PlaceOrderAttempt,
  placeOrderErrorsFromServer,
  validatePlaceOrder,
} from '../lib/place-order-form';
import type { PlaceOrderFormState } from './use-place-order-values';

type Options = {
  restaurantId: number;
  userId: number;
  token: string;
  menu: MenuItem[];
  form: PlaceOrderFormState;
  /** Called when the form is refused before it is sent: it moves focus to the first problem. */
  onInvalid: () => void;
  /** Called when the server refuses the owner's token. */
  onRefused: () => void;
};

/**
 * Sends the Place Order form (docs/product/staff-screens.md#owner-place-order) once it is valid.
 * One Idempotency-Key per payload, so a double click places one order; a placed order empties
 * the form and refreshes the staff's order lists.
 */
export function useSubmitPlaceOrder({
  restaurantId,
  userId,
  token,
  menu,
  form,
  onInvalid,
  onRefused,
}: Options) {
  const queryClient = useQueryClient();
  const lastAttempt = useRef<PlaceOrderAttempt | null>(null);
  const [serverMessage, setServerMessage] = useState<string>();
  const place = useMutation({
    mutationFn: ({ body, key }: { body: OwnerPlaceOrderBody; key: string }) =>
      placeOwnerOrder(token, body, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffOrderKeys.all(restaurantId) }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (place.isPending) return;
    setServerMessage(undefined);
    const result = validatePlaceOrder(form.values, { restaurantId, userId, menu });
    if (!result.ok) {
      form.setErrors(result.errors);
      onInvalid();
      return;
    }
    form.setErrors({});
    const attempt = attemptFor(lastAttempt.current, result.body, () => crypto.randomUUID());
    lastAttempt.current = attempt;
    place.mutate(
      { body: result.body, key: attempt.key },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          lastAttempt.current = null;
          form.reset();
        },
        onError: (error) => {
          console.error('Could not place the order', error);
          if (isRefusedToken(error)) return onRefused();
          toast.error(ownerOrderMessages.placeFailed);
          if (error instanceof ApiRequestError && error.status !== undefined) {
            setServerMessage(error.serverMessage);
            form.setErrors(placeOrderErrorsFromServer(error.body));
          }
        },
      },
    );
  }

  return { submit, placing: place.isPending, serverMessage };
}
