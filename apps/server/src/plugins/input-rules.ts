import { CONTROL_CHARACTERS } from '@tableserve/contract/fields';
import type { FastifyInstance } from 'fastify';

/** What the walk found: a bad string (or key) with its path, or a value too big to walk. */
export type InputFinding = {
  kind: 'control-character' | 'lone-surrogate' | 'too-deep' | 'too-many-values';
  path: string;
};

/**
 * Deeper than any request of the API nests (an order line inside an order is three levels). A
 * hostile nesting past it is refused, not walked, and not let through half-checked.
 */
export const MAX_INPUT_DEPTH = 32;

/**
 * More strings, numbers and keys than any request of the API carries (the largest, an order of 50
 * lines or a batch of 200 order ids, has a few hundred), so the walk costs a bounded time. A
 * request past it is refused: letting the rest through unchecked would break the rule's promise.
 */
export const MAX_INPUT_VALUES = 10_000;

/**
 * Half of a UTF-16 surrogate pair with no other half: no character at all. JSON can carry one
 * ("\ud800"); PostgreSQL refused its bytes with a 500 (found by src/test/fuzz.test.ts).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const badText = (text: string, path: string): InputFinding | undefined =>
  CONTROL_CHARACTERS.test(text)
    ? { kind: 'control-character', path }
    : LONE_SURROGATE.test(text)
      ? { kind: 'lone-surrogate', path }
      : undefined;

/**
 * Raw bytes (image uploads, the Stripe webhook's signed body) are no text, and walking them key
 * by key costs one string per byte: a 1 MiB Buffer blocked the event loop for about 2 s and took
 * 180 MB. Buffers and every other typed array or DataView are ArrayBuffer views.
 */
const isBinary = (value: object) =>
  ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof SharedArrayBuffer;

/**
 * The first string (or object key) holding a control character or a lone surrogate, depth-first,
 * with its path; or where the value is nested too deeply or holds too many values to walk.
 * Undefined when every string is clean, and for binary values, which are not walked.
 */
export function inspectInput(value: unknown): InputFinding | undefined {
  let budget = MAX_INPUT_VALUES;
  const walk = (inner: unknown, path: string, depth: number): InputFinding | undefined => {
    if (typeof inner === 'string') return badText(inner, path);
    if (inner === null || typeof inner !== 'object' || isBinary(inner)) return undefined;
    if (depth >= MAX_INPUT_DEPTH) return { kind: 'too-deep', path };
    const array = Array.isArray(inner);
    // Indexes, not Object.entries: no array of pairs built for a long list.
    const keys = array ? inner.keys() : Object.keys(inner);
    for (const key of keys) {
      budget -= 1;
      if (budget < 0) return { kind: 'too-many-values', path };
      const innerPath = path ? `${path}.${key}` : String(key);
      if (!array) {
        const badKey = badText(key as string, innerPath);
        if (badKey) return badKey;
      }
      const found = walk((inner as Record<string | number, unknown>)[key], innerPath, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return walk(value, '', 0);
}

/** A bad string is named by its field; a value too big to walk by where it came from (body, query). */
function refusal(finding: InputFinding, context: string): [message: string, code: string] {
  const field = finding.path || context;
  switch (finding.kind) {
    case 'control-character':
      return [`${field} must not contain control characters`, 'CONTROL_CHARACTER'];
    case 'lone-surrogate':
      return [`${field} must be valid Unicode text`, 'INVALID_UNICODE'];
    case 'too-deep':
      return [`${context} is nested too deeply`, 'TOO_DEEP'];
    case 'too-many-values':
      return [`${context} has too many values`, 'TOO_MANY_VALUES'];
  }
}

/**
 * One input rule for every route, with or without a schema (docs/product/api-conventions.md#api-calls: bad input gets a clear
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
      const found = inspectInput(value);
      if (!found) continue;
      const [message, code] = refusal(found, context);
      return reply.code(400).send({ message, code, errors: [{ path: found.path, message }] });
    }
  });
}
