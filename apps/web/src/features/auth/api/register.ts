import type { RegisterBody } from '@tableserve/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type RegisterResponse = { message: string; user_id: number };

/** POST /auth/register (owner-side §7); the form's confirmPassword never reaches this call. */
export function registerOwner(body: RegisterBody): Promise<RegisterResponse> {
  return apiRequest<RegisterResponse>('/auth/register', { method: 'POST', body });
}

export function useRegisterOwner() {
  return useMutation({ mutationFn: registerOwner });
}
