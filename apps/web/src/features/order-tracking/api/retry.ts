import { ApiRequestError } from '@/lib/api-client';

/** One more try for a network or server failure; a 4xx (not found, expired token) will not improve. */
export const retryServerErrors = (failureCount: number, error: unknown): boolean =>
  failureCount < 1 && !(error instanceof ApiRequestError && error.status !== undefined && error.status < 500);
