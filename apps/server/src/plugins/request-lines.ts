import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** The message of the request lines: the only lines the server's stdout writes in batches (app.ts). */
export const REQUEST_LINE = 'request';

/** The field every line of a request carries its id in. */
export const REQUEST_ID_LABEL = 'reqId';

/**
 * A request's id: the one a proxy sent in X-Request-Id, so one id follows the request through
 * every hop's log, else a new one. Every answer carries it back in X-Request-Id.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return (typeof given === 'string' && given) || randomUUID();
}

/** What an operator searches a request by. */
export type RequestLine = {
  /** The request's id, when the logger does not carry it already (fast-answers.ts). */
  [REQUEST_ID_LABEL]?: string;
  method: string;
  /** The route's pattern, undefined when no route matched. */
  route: string | undefined;
  url: string;
  statusCode: number;
  /** Milliseconds from the request's arrival to the end of its answer. */
  responseTime: number;
};

/**
 * The request's one line, to the logger that carries its id (or with the id in the line). With an error when the answer could
 * not be written to the end (a broken connection, a failed stream).
 */
export function logRequestLine(log: FastifyBaseLogger, line: RequestLine, error?: Error | null) {
  if (error) log.error({ ...line, err: error }, REQUEST_LINE);
  else log.info(line, REQUEST_LINE);
}

/**
 * Fastify's own request logging, replaced by one line per request, written when it is answered
 * (after the onResponse hooks): what an operator searches by, with the request id every line of
 * the request carries. Nothing when it comes in: Fastify's default writes two lines a request.
 */
export class OneLinePerRequest extends LogController {
  constructor() {
    super({ requestIdLogLabel: REQUEST_ID_LABEL });
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      route: request.routeOptions.url,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    logRequestLine(request.log, line, error);
  }
}
