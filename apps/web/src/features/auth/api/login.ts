import { type LoginBody, LoginResponse } from '@tableserve/contract/auth';
import { apiRequest } from '@/lib/api-client';

export type OwnerCredentials = { email: string; password: string };

/**
 * POST /auth/login (docs/product/api-conventions.md#api-calls). The login form's is_verified flag starts false and is sent
 * as the spec's client sends it; the server ignores it. The mutation lives in
 * hooks/use-owner-sign-in.ts, because login is only the first step of signing in.
 */
export async function loginOwner({ email, password }: OwnerCredentials): Promise<LoginResponse> {
  const body: LoginBody = { email: email.trim(), password, is_verified: false };
  const response = await apiRequest<unknown>('/auth/login', { method: 'POST', body });
  return LoginResponse.parse(response);
}
