import { useQuery } from '@tanstack/react-query';
import { API_BASE, ApiRequestError } from '@/lib/api-client';

/** The answer of POST /menu/generate-qr-code: the PNG, or NO_MENU_ITEMS while the menu is empty. */
export type QrCodeResult = { kind: 'png'; png: Blob } | { kind: 'no-menu-items' };

const readJson = (response: Response): Promise<unknown> => response.json().catch(() => undefined);

const isNoMenuItems = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  (body as { statusText?: unknown }).statusText === 'NO_MENU_ITEMS';

/**
 * POST /menu/generate-qr-code (owner-side §7). The shared client reads JSON only, and this call
 * answers with image bytes, so it has its own small request with the same base and bearer.
 */
export async function generateQrCode(
  restaurantId: number,
  token: string | null,
  signal?: AbortSignal,
): Promise<QrCodeResult> {
  const headers: Record<string, string> = {
    Accept: 'image/png, application/json',
    'Content-Type': 'application/json',
  };
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}/menu/generate-qr-code`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ restaurant_id: restaurantId }),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError('Network error', undefined);
  }

  const type = response.headers.get('content-type') ?? '';
  if (response.ok && type.startsWith('image/png')) return { kind: 'png', png: await response.blob() };
  const body = type.includes('application/json') ? await readJson(response) : undefined;
  if (response.ok && isNoMenuItems(body)) return { kind: 'no-menu-items' };
  const message = (body as { message?: unknown } | undefined)?.message;
  throw new ApiRequestError(
    typeof message === 'string' ? message : response.statusText,
    response.status,
    body,
  );
}

export const qrCodeQueryKey = (restaurantId: number) => ['qr-code', restaurantId] as const;

/**
 * Generated on arrival. Never reused from an earlier visit: the menu may have gained or lost
 * its items since, which decides between the code and 'Please create a menu first.'.
 */
export function useQrCode(restaurantId: number, token: string | null) {
  return useQuery({
    queryKey: qrCodeQueryKey(restaurantId),
    queryFn: ({ signal }) => generateQrCode(restaurantId, token, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
