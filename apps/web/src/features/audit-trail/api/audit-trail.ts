import { AuditActorsResponse, AuditListResponse } from '@tableserve/contract/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type AuditFilters, auditSearchParams } from '../lib/audit-filters';

const auditKeys = {
  list: (restaurantId: number, filters: AuditFilters, page: number) =>
    ['audit-trail', restaurantId, 'list', filters, page] as const,
  actors: (restaurantId: number) => ['audit-trail', restaurantId, 'actors'] as const,
};

/** GET /owner/restaurant/{restaurant_id}/audit (docs/product/staff.md#audit-trail). */
export async function getAuditTrail(
  restaurantId: number,
  token: string,
  filters: AuditFilters,
  page: number,
  perPage: number,
  signal?: AbortSignal,
): Promise<AuditListResponse> {
  const params = auditSearchParams(filters, page, perPage);
  const body = await apiRequest<unknown>(`/owner/restaurant/${restaurantId}/audit?${params}`, {
    token,
    signal,
  });
  return AuditListResponse.parse(body);
}

export async function getAuditActors(
  restaurantId: number,
  token: string,
  signal?: AbortSignal,
): Promise<AuditActorsResponse> {
  const body = await apiRequest<unknown>(`/owner/restaurant/${restaurantId}/audit/actors`, { token, signal });
  return AuditActorsResponse.parse(body);
}

export const AUDIT_PAGE_SIZE = 20;

export function useAuditTrail(restaurantId: number, token: string, filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: auditKeys.list(restaurantId, filters, page),
    queryFn: ({ signal }) => getAuditTrail(restaurantId, token, filters, page, AUDIT_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAuditActors(restaurantId: number, token: string) {
  return useQuery({
    queryKey: auditKeys.actors(restaurantId),
    queryFn: ({ signal }) => getAuditActors(restaurantId, token, signal),
  });
}
