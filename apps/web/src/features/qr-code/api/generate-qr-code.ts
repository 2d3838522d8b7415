import { useQuery } from '@tanstack/react-query';
import { downloadFailure, ownerDownload } from './owner-download';

/** The answer of POST /menu/generate-qr-code: the PNG, or NO_MENU_ITEMS while the menu is empty. */
export type QrCodeResult = { kind: 'png'; png: Blob } | { kind: 'no-menu-items' };

const readJson = (response: Response): Promise<unknown> => response.json().catch(() => undefined);

const isNoMenuItems = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  (body as { statusText?: unknown }).statusText === 'NO_MENU_ITEMS';

/** POST /menu/generate-qr-code (docs/product/api-conventions.md#api-calls): image bytes, or JSON while the menu is empty. */
export async function generateQrCode(
  restaurantId: number,
  token: string | null,
  signal?: AbortSignal,
): Promise<QrCodeResult> {
  const response = await ownerDownload('/menu/generate-qr-code', token, {
    method: 'POST',
    accept: 'image/png, application/json',
    body: { restaurant_id: restaurantId },
    signal,
  });
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && type.startsWith('image/png')) return { kind: 'png', png: await response.blob() };
  const body = type.includes('application/json') ? await readJson(response) : undefined;
  if (response.ok && isNoMenuItems(body)) return { kind: 'no-menu-items' };
  throw await downloadFailure(response, body);
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
