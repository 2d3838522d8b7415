import { type PaperSize, RotateMenuTokenResponse, TableCodesResponse } from '@tableserve/contract/menu';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { restaurantQueryKey } from '@/session/owner/owner-restaurant';
import { qrCodeQueryKey } from './generate-qr-code';
import { downloadFailure, ownerDownload } from './owner-download';

export const tableCodesQueryKey = (restaurantId: number) => ['table-codes', restaurantId] as const;

/** GET /menu/table-codes/{restaurant_id} (ADR 013): each table's link and code. */
export function useTableCodes(restaurantId: number, token: string | null) {
  return useQuery({
    queryKey: tableCodesQueryKey(restaurantId),
    queryFn: async ({ signal }) =>
      TableCodesResponse.parse(
        await apiRequest<unknown>(`/menu/table-codes/${restaurantId}`, { token, signal }),
      ),
    // The links carry the menu token, which a rotation (here or in another tab) replaces.
    staleTime: 0,
    retry: false,
  });
}

/** GET /menu/table-cards/{restaurant_id}?paper=…: the printable sheet as a PDF file. */
export async function fetchTableCardsPdf(restaurantId: number, paper: PaperSize, token: string | null) {
  const response = await ownerDownload(`/menu/table-cards/${restaurantId}?paper=${paper}`, token, {
    accept: 'application/pdf',
  });
  if (!response.ok) throw await downloadFailure(response);
  return response.blob();
}

/**
 * POST /menu/rotate-qr-token: a new menu token. Every code on the page is then redrawn from
 * the server: the restaurant's, each table's, and the restaurant record that holds the token.
 */
export function useRotateMenuToken(restaurantId: number, token: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (currentToken: string) =>
      RotateMenuTokenResponse.parse(
        await apiRequest<unknown>('/menu/rotate-qr-token', {
          method: 'POST',
          token,
          body: { restaurant_id: restaurantId, token: currentToken },
        }),
      ),
    // A 409 (rotated elsewhere) also means the page shows old codes: refetched either way.
    onSettled: () =>
      Promise.all(
        [
          qrCodeQueryKey(restaurantId),
          tableCodesQueryKey(restaurantId),
          restaurantQueryKey(String(restaurantId)),
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
