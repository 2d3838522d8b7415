import type { MessageResponse } from '@tableserve/contract/errors';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /auth/forgot_password (docs/product/api-conventions.md#api-calls). The server answers 200 whether or not the account exists. */
export function requestOwnerPasswordReset(email: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/forgot_password', {
    method: 'POST',
    body: { email: email.trim() },
  });
}

export function useRequestOwnerPasswordReset() {
  return useMutation({ mutationFn: requestOwnerPasswordReset });
}
