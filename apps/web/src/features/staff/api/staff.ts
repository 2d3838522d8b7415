import {
  type AcceptInvitationBody,
  InvitationResponse,
  type InviteStaffBody,
  StaffListResponse,
  StaffMemberResponse,
} from '@tableserve/contract/staff';
import type { StaffRole } from '@tableserve/contract/staff-roles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import type { OwnerSession } from '@/session/owner/owner-session';

/** The staff API (docs/product/staff.md#staff-accounts). */

const Message = z.object({ message: z.string() });
const staffQueryKey = ['staff'] as const;

export function useStaffList({ token }: OwnerSession) {
  return useQuery({
    queryKey: staffQueryKey,
    queryFn: async () => StaffListResponse.parse(await apiRequest<unknown>('/staff', { token })),
  });
}

/** A change to the team: answers the server's message, then reloads the list. */
function useStaffChange<T>(request: (variables: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: T) => Message.parse(await request(variables)).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}

export const useInviteStaff = ({ token }: OwnerSession) =>
  useStaffChange((body: InviteStaffBody) =>
    apiRequest<unknown>('/staff', { method: 'POST', body, token }).then(StaffMemberResponse.parse),
  );

export const useChangeStaffRole = ({ token }: OwnerSession) =>
  useStaffChange(({ staffId, role }: { staffId: number; role: StaffRole }) =>
    apiRequest<unknown>(`/staff/${staffId}`, { method: 'PUT', body: { role }, token }),
  );

export const useRemoveStaff = ({ token }: OwnerSession) =>
  useStaffChange((staffId: number) => apiRequest<unknown>(`/staff/${staffId}`, { method: 'DELETE', token }));

export const useResendInvitation = ({ token }: OwnerSession) =>
  useStaffChange((staffId: number) =>
    apiRequest<unknown>(`/staff/${staffId}/resend-invitation`, { method: 'POST', token }),
  );

/** Who is invited, for the invitation page (public: the link's token is the proof). */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['staff-invitation', token],
    queryFn: async () =>
      InvitationResponse.parse(
        await apiRequest<unknown>(`/staff/invitation?token=${encodeURIComponent(token)}`),
      ),
  });
}

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async (body: AcceptInvitationBody) =>
      Message.parse(await apiRequest<unknown>('/staff/invitation/accept', { method: 'POST', body })).message,
  });
}
