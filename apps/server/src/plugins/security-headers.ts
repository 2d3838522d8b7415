import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once at start-up. They do not depend on the request, and
 * @fastify/helmet rebuilt them (CSP directives parsed again) on every request: about 4 % of the
 * server's CPU on the diner's menu (docs/performance.md).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // Helmet's middleware only sets and removes headers, synchronously.
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** The API's answers: JSON (and a few files), never a document a browser renders. */
const API_PREFIX = '/api/v1/';

/** Of the pages' headers, those that still mean something on an answer no browser renders. */
const KEPT_FOR_THE_API = [
  'strict-transport-security',
  'x-content-type-options',
  'cross-origin-resource-policy',
];

/**
 * The security headers of an API answer (docs/decisions/011, amended): no document, so nothing
 * may load, run or frame it (a policy stricter than the pages', and a tenth of its bytes); the
 * transport's, the sniffing's and the resource's rules kept; the headers that govern only a
 * document's own behaviour (its opener, its agent cluster, its referrer, DNS prefetching, IE's
 * downloads, Flash's policy files, the old XSS auditor) left out. Seven headers and ~450 bytes
 * less on every answer: a phone on a weak network receives fewer, and the diner's menu, the
 * busiest answer, costs the server and every client less to write and to parse.
 */
function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const kept = KEPT_FOR_THE_API.filter((name) => pageHeaders[name] !== undefined).map((name) => [
    name,
    pageHeaders[name] as string,
  ]);
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    ...Object.fromEntries(kept),
  };
}

/**
 * Every answer's security headers, from Fastify: the API's (above) under API_PREFIX, the pages'
 * everywhere else (the web app, the API's documentation, the stored uploads). The API's are
 * returned for the answers made before Fastify (fast-answers.ts).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions,
): Record<string, string> {
  const pages = securityHeaders(options);
  const api = apiSecurityHeaders(pages);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(API_PREFIX) ? api : pages);
    done();
  });
  return api;
}
