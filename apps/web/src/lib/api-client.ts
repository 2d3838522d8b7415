import { serverMessages } from '@tableserve/contract/messages';
/**
 * The one HTTP client of the web app: JSON in and out, the API base /api/v1, and errors that
 * keep the status so each screen can map it to the spec's catalogue.
 */
export const API_BASE = '/api/v1';

export class ApiRequestError extends Error {
  /** HTTP status, or undefined when no response arrived at all (network failure). */
  readonly status: number | undefined;
  readonly body: unknown;
  constructor(message: string, status: number | undefined, body?: unknown) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
  }
  /** The server's own message, when it sent one. */
  get serverMessage(): string | undefined {
    const body = this.body as { message?: unknown } | undefined;
    return typeof body?.message === 'string' ? body.message : undefined;
  }
}

/**
 * A call refused by a rate limit (429) says so, with the wait the server named, whatever a
 * screen's catalogue says of other failures: a restaurant's staff share one address, and "An
 * unexpected error occurred" would send them to try again at once.
 */
export function rateLimitedMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 429) return undefined;
  return error.serverMessage ?? serverMessages.tooManyRequests(60);
}

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  token?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError('Network error', undefined);
  }

  const isJson = response.headers.get('content-type')?.includes('application/json');
  const body: unknown = isJson ? await response.json().catch(() => undefined) : undefined;
  if (!response.ok) {
    const message = (body as { message?: string } | undefined)?.message ?? response.statusText;
    throw new ApiRequestError(message, response.status, body);
  }
  return body as T;
}
