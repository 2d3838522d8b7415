import type { z } from 'zod';
import { ApiRequestError } from '@/lib/api-client';

/** Field errors keyed by the field's dotted path, as zod and the API name them (e.g. opening_hours.monday.close). */
export type FieldErrors = Record<string, string>;

/** The first message for each field, from a failed client-side parse. */
export function fieldErrorsFromIssues(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** The field errors of a 400 from the API ({errors: [{path, message}]}), if any. */
export function fieldErrorsFromServer(error: unknown): FieldErrors {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return {};
  const body = error.body as { errors?: Array<{ path?: unknown; message?: unknown }> } | undefined;
  const errors: FieldErrors = {};
  for (const item of body?.errors ?? []) {
    if (typeof item.path === 'string' && item.path && typeof item.message === 'string') {
      errors[item.path] ??= item.message;
    }
  }
  return errors;
}

/** The errors without the one of `path` (and those below it), once the owner edits that field. */
export function withoutFieldError(errors: FieldErrors, path: string): FieldErrors {
  const keys = Object.keys(errors).filter((key) => key === path || key.startsWith(`${path}.`));
  if (keys.length === 0) return errors;
  const next = { ...errors };
  for (const key of keys) delete next[key];
  return next;
}
