import type { z } from 'zod';

/** A body refused by a schema chosen in the handler; the error plugin answers it like a route schema's. */
export class BodyValidationError extends Error {
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('body validation failed');
    this.name = 'BodyValidationError';
  }
}

/**
 * Validates a body whose schema depends on who is calling (the owner's and the diner's
 * place-order share one path): a failure is the same 400 with field errors as a route schema's.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new BodyValidationError(result.error.issues);
}
