import { CONTROL_CHARACTERS } from '@tableserve/contract/fields';
import type { FastifyInstance } from 'fastify';

type Found = { path: string; loneSurrogate?: boolean };

/**
 * Half of a UTF-16 surrogate pair with no other half: no character at all. JSON can carry one
 * ("\ud800"); PostgreSQL refused its bytes with a 500 (found by src/test/fuzz.test.ts).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const badText = (text: string, path: string): Found | undefined =>
  CONTROL_CHARACTERS.test(text)
    ? { path }
    : LONE_SURROGATE.test(text)
      ? { path, loneSurrogate: true }
      : undefined;

/** The first string (or object key) holding a control character or a lone surrogate, depth-first, with its path. */
function findControlCharacter(value: unknown, path: string, depth = 0): Found | undefined {
  if (typeof value === 'string') return badText(value, path);
  // Bodies are size-capped; the depth cap keeps a hostile nesting from costing a deep walk.
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const innerPath = path ? `${path}.${key}` : key;
    const badKey = badText(key, innerPath);
    if (badKey) return badKey;
    const found = findControlCharacter(inner, innerPath, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * One input rule for every route, with or without a schema (DESIGN.md §3: bad input gets a clear
 * error and changes nothing): no C0 control character or DEL in any string of the body, query
 * or path. A NUL would otherwise reach PostgreSQL, which cannot store it (a 500). Line breaks and
 * tabs pass here; the contract's text fields decide where they belong.
 */
export function registerInputRules(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    for (const [context, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const found = findControlCharacter(value, '');
      if (!found) continue;
      const field = found.path || context;
      const [message, code] = found.loneSurrogate
        ? [`${field} must be valid Unicode text`, 'INVALID_UNICODE']
        : [`${field} must not contain control characters`, 'CONTROL_CHARACTER'];
      return reply.code(400).send({ message, code, errors: [{ path: found.path, message }] });
    }
  });
}
