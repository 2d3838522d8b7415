import { serverMessages } from '@tableserve/contract/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { BodyValidationError } from '../lib/validation';

type FieldError = { path: string; message: string };

// zod's own wording; a message of ours is already a sentence a person can read.
const genericZodMessage = /^(Invalid|Too (small|big)|Expected)/;

type ValidationIssue = {
  keyword?: string;
  instancePath: string;
  message?: string;
  params?: { keys?: string[] };
};

function describeValidation(context: string | undefined, issues: ValidationIssue[]) {
  const errors: FieldError[] = issues.flatMap((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys' && issue.params?.keys) {
      return issue.params.keys.map((key) => ({
        path: path ? `${path}.${key}` : key,
        message: `Unknown field: ${key}`,
      }));
    }
    return [{ path, message: issue.message ?? 'Invalid value' }];
  });
  const first = errors[0];
  const where = first?.path || context || 'request';
  const message = !first
    ? 'Invalid request'
    : genericZodMessage.test(first.message)
      ? `Invalid ${where}: ${first.message}`
      : first.message;
  return { message, errors };
}

/**
 * The code an error is answered with (the body's `code`): what a client branches on, and the
 * reason the metrics count a refused order by. undefined for an AppError without one.
 */
export function codeOf(error: FastifyError | AppError): string | undefined {
  if (error instanceof AppError) return error.code;
  if (error instanceof BodyValidationError || hasZodFastifySchemaValidationErrors(error))
    return 'VALIDATION_ERROR';
  const status = error.statusCode ?? 500;
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 400 && status < 500) return error.code;
  return 'INTERNAL';
}

/**
 * One error shape for the whole API: {message, code?, errors?}. Expected failures keep their
 * status; anything unexpected is logged with the request id and answered with a plain 500
 * that leaks nothing.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('retry-after', error.retryAfterSeconds);
      return reply.code(error.statusCode).send({ message: error.message, code: codeOf(error) });
    }
    if (error instanceof BodyValidationError) {
      const issues = error.issues.map((issue) => ({
        keyword: issue.code,
        instancePath: `/${issue.path.join('/')}`,
        message: issue.message,
        params: { keys: 'keys' in issue ? issue.keys : undefined },
      }));
      const { message, errors } = describeValidation('body', issues);
      return reply.code(400).send({ message, code: codeOf(error), errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { message, errors } = describeValidation(error.validationContext, error.validation);
      return reply.code(400).send({ message, code: codeOf(error), errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      // The rate-limit plugin has set Retry-After already; the text says the same wait.
      const retryAfter = Number(reply.getHeader('retry-after')) || 60;
      return reply
        .code(429)
        .send({ message: serverMessages.tooManyRequests(retryAfter), code: codeOf(error) });
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Malformed JSON in request body' : error.message;
      return reply.code(status).send({ message, code: codeOf(error) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: serverMessages.internal, code: codeOf(error) });
  });
}
