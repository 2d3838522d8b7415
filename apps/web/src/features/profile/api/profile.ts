import { type UpdateProfileBody, UserProfile } from '@tableserve/contract/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import type { OwnerSession } from '@/session/owner/owner-session';

export const profileQueryKey = (userId: number) => ['owner-profile', userId] as const;

/** GET /auth/user/{user_id} (docs/product/api-conventions.md#api-calls) with the owner's bearer token. */
export async function getProfile({ userId, token }: OwnerSession): Promise<UserProfile> {
  return UserProfile.parse(await apiRequest<unknown>(`/auth/user/${userId}`, { token }));
}

const Updated = z.object({ user: UserProfile });

/** PUT /auth/user/{user_id} (docs/product/api-conventions.md#api-calls): the edited fields; answers with the saved profile. */
export async function updateProfile(
  { userId, token }: OwnerSession,
  body: UpdateProfileBody,
): Promise<UserProfile> {
  const response = await apiRequest<unknown>(`/auth/user/${userId}`, { method: 'PUT', body, token });
  return Updated.parse(response).user;
}

export const profileQueryOptions = (session: OwnerSession) =>
  queryOptions({ queryKey: profileQueryKey(session.userId), queryFn: () => getProfile(session) });

export function useProfile(session: OwnerSession) {
  return useQuery(profileQueryOptions(session));
}

export function useUpdateProfile(session: OwnerSession) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => updateProfile(session, body),
    onSuccess: (saved) => queryClient.setQueryData(profileQueryKey(session.userId), saved),
  });
}
