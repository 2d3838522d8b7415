/**
 * An expected failure with the status and message the client should see. Services throw it;
 * the error plugin turns it into the API's one error shape. Anything else becomes a 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    message: string,
    readonly code?: string,
    /** Sent as Retry-After: the caller may come back after this many seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code?: string) => new AppError(400, message, code);
export const unauthorized = (message: string, code?: string) => new AppError(401, message, code);
export const forbidden = (message: string, code?: string) => new AppError(403, message, code);
export const notFound = (message: string, code?: string) => new AppError(404, message, code);
export const conflict = (message: string, code?: string) => new AppError(409, message, code);
