import { VerifyEmailResponse } from '@tableserve/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /auth/verify-email?token= (docs/product/api-conventions.md#api-calls). */
export async function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  const response = await apiRequest<unknown>(`/auth/verify-email?token=${encodeURIComponent(token)}`);
  return VerifyEmailResponse.parse(response);
}

/**
 * A verification token is single-use, so the query runs once per token: keyed by the token (React
 * StrictMode's second mount shares the first request), never retried and never refetched.
 */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useVerifyEmail(token: string | null) {
  return useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: Boolean(token) });
}
