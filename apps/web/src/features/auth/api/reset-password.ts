import type { ResetPasswordBody } from '@tableserve/contract/auth';
import type { MessageResponse } from '@tableserve/contract/errors';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * The reset link's type picks the endpoint (docs/product/web-app.md#routes, docs/product/api-conventions.md#authorization): restaurant
 * owners use POST /auth/reset_password, every other type POST /customer/reset_password.
 * Both endpoints take the same body, so one file holds the pair.
 */
export const resetPasswordPath = (type: string | null) =>
  type === 'restaurant' ? '/auth/reset_password' : '/customer/reset_password';

export type ResetPasswordInput = ResetPasswordBody & { type: string | null };

export function resetPassword({ type, token, new_password }: ResetPasswordInput): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(resetPasswordPath(type), {
    method: 'POST',
    body: { token, new_password },
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
