import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { type Metrics, observeRequest } from './metrics';
import { logRequestLine, REQUEST_ID_LABEL, requestIdOf } from './request-lines';

/** An answer made without Fastify: the status, the headers (names and values in one flat list) and the bytes. */
export type FastReply = { statusCode: number; headers: readonly string[]; body: Buffer | undefined };

/**
 * A GET route whose most frequent answers are ready in memory (the diner's menu), answered before
 * Fastify sees the request: Fastify's routing, request and reply objects, hooks and schema checks
 * cost several times what picking the bytes costs. `answer` returns undefined for anything it does
 * not answer itself (a miss, a refusal, a query it does not expect), which Fastify then answers
 * as always, with the same route.
 */
export type FastRoute = {
  /** The pattern of the Fastify route that answers the same requests: the requests' route in logs and metrics. */
  url: string;
  answer(request: IncomingMessage): FastReply | undefined;
};

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Puts `route` in front of Fastify on the app's server. What Fastify does around the route's
 * answer is done here too, the same way: the security headers, the request id (X-Request-Id, as
 * Fastify takes it), the request's one log line, and the request histogram. The route's input
 * rules are its own to keep (it answers only what passes the route's schema). Fastify answers
 * whatever looks unusual: another method, a request with a body, and everything while the
 * instance drains or closes, so its connection-closing answers stay Fastify's (app.ts, shutdown.ts).
 * Called once every route is registered; a server Fastify made for a second address of the same
 * host name (app.listen on "localhost") keeps Fastify alone, as Socket.IO leaves it.
 */
export function answerBeforeFastify(
  app: FastifyInstance,
  route: FastRoute,
  deps: { securityHeaders: Record<string, string>; metrics: Metrics; draining: () => boolean },
) {
  // The route's pattern names it in logs and metrics, so it must be a route Fastify answers.
  if (!app.hasRoute({ method: 'GET', url: route.url }))
    throw new Error(`${route.url}: no such Fastify route to answer the rest`);
  const server = app.server;
  // Named as Fastify writes them, in lower case.
  const securityHeaders = Object.entries(deps.securityHeaders).flatMap(([name, value]) => [
    name.toLowerCase(),
    value,
  ]);
  // Each reply's headers with the security headers before them, joined once: replies are kept.
  const heads = new WeakMap<readonly string[], string[]>();
  const headOf = (headers: readonly string[]) => {
    let head = heads.get(headers);
    if (!head) {
      head = [...securityHeaders, ...headers];
      heads.set(headers, head);
    }
    return head;
  };

  /** As Fastify's onResponse hooks and its request line: the request histogram and the line. */
  function finished(
    request: { id: string; url: string; statusCode: number; arrivedAt: number },
    error?: Error,
  ) {
    const { id, url, statusCode } = request;
    const responseTime = performance.now() - request.arrivedAt;
    observeRequest(deps.metrics, 'GET', route.url, statusCode, responseTime);
    const line = { [REQUEST_ID_LABEL]: id, method: 'GET', route: route.url, url, statusCode, responseTime };
    logRequestLine(app.log, line, error);
  }

  /** Whether the request was answered here; nothing has been written when not. */
  function answered(request: IncomingMessage, response: ServerResponse, arrivedAt: number): boolean {
    const usual =
      request.method === 'GET' &&
      request.headers['content-length'] === undefined &&
      request.headers['transfer-encoding'] === undefined &&
      server.listening &&
      !deps.draining();
    const reply = usual ? route.answer(request) : undefined;
    if (!reply) return false;
    const id = requestIdOf(request);
    response.writeHead(reply.statusCode, headOf(reply.headers).concat('x-request-id', id));
    response.end(reply.body);
    const answer = { id, url: request.url ?? '', statusCode: reply.statusCode, arrivedAt };
    // Nearly always the socket took the whole answer at once (a few KB, 'finish' one tick away):
    // the line is written now, with no listener a request.
    if (response.writableLength === 0) finished(answer);
    else {
      // Rare (a slow phone's full socket): logged once written to the end, or failed.
      const done = (error?: Error) => {
        response.off('finish', done);
        response.off('error', done);
        finished(answer, error);
      };
      response.on('finish', done);
      response.on('error', done);
    }
    return true;
  }

  const fastify = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const arrivedAt = performance.now();
    try {
      if (answered(request, response, arrivedAt)) return;
    } catch (error) {
      app.log.error({ err: error, url: request.url }, 'fast answer failed: Fastify answers instead');
      // Written in part: nothing can follow on this connection.
      if (response.headersSent) return void response.destroy();
    }
    for (const listener of fastify) listener.call(server, request, response);
  });
}
