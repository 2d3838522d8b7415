import { API_BASE, ApiRequestError } from '@/lib/api-client';

/**
 * A call of the owner's that answers with bytes (a PNG, a PDF): the shared client reads JSON
 * only, so this is its small sibling with the same base, bearer and network error.
 */
export async function ownerDownload(
  path: string,
  token: string | null,
  init: { method?: 'GET' | 'POST'; accept: string; body?: unknown; signal?: AbortSignal },
): Promise<Response> {
  const headers: Record<string, string> = { Accept: init.accept };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(`${API_BASE}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError('Network error', undefined);
  }
}

/** The refusal of a bytes call, as the shared client would raise it. */
export async function downloadFailure(response: Response, body?: unknown): Promise<ApiRequestError> {
  const json =
    body ??
    (response.headers.get('content-type')?.includes('application/json')
      ? await response.json().catch(() => undefined)
      : undefined);
  const message = (json as { message?: unknown } | undefined)?.message;
  return new ApiRequestError(
    typeof message === 'string' ? message : response.statusText,
    response.status,
    json,
  );
}
