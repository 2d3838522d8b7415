import type { RegisterBody } from '@tableserve/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type RegisterResponse = { message: string; user_id: number };

/** POST /auth/register (docs/product/api-conventions.md#api-calls); the form's confirmPassword never reaches this call. */
export function registerOwner(body: RegisterBody): Promise<RegisterResponse> {
  return apiRequest<RegisterResponse>('/auth/register', { method: 'POST', body });
}

export function useRegisterOwner() {
  return useMutation({ mutationFn: registerOwner });
}
