import { CONTROL_CHARACTERS } from '@tableserve/contract/fields';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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

/** What is wrong with a string, if anything. */
const badTextKind = (text: string): InputFinding['kind'] | undefined =>
  CONTROL_CHARACTERS.test(text)
    ? 'control-character'
    : LONE_SURROGATE.test(text)
      ? 'lone-surrogate'
      : undefined;

/**
 * Raw bytes (image uploads, the Stripe webhook's signed body) are no text, and walking them key
 * by key costs one string per byte: a 1 MiB Buffer blocked the event loop for about 2 s and took
 * 180 MB. Buffers and every other typed array or DataView are ArrayBuffer views.
 */
const isBinary = (value: object) =>
  ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof SharedArrayBuffer;

/**
 * Where a walk is: the values it may still look at, and the keys from the root to here. The path
 * is joined only for a finding, so a clean request (nearly all) builds no path strings.
 */
type Walk = { budget: number; keys: Array<string | number> };

const finding = (kind: InputFinding['kind'], walk: Walk): InputFinding => ({
  kind,
  path: walk.keys.join('.'),
});

function walkValue(value: unknown, depth: number, walk: Walk): InputFinding | undefined {
  if (typeof value === 'string') {
    const kind = badTextKind(value);
    return kind && finding(kind, walk);
  }
  if (value === null || typeof value !== 'object' || isBinary(value)) return undefined;
  if (depth >= MAX_INPUT_DEPTH) return finding('too-deep', walk);
  const array = Array.isArray(value);
  // Indexes, not Object.entries: no array of pairs built for a long list.
  const keys = array ? value.keys() : Object.keys(value);
  for (const key of keys) {
    walk.budget -= 1;
    if (walk.budget < 0) return finding('too-many-values', walk);
    walk.keys.push(key);
    const badKey = array ? undefined : badTextKind(key as string);
    if (badKey) return finding(badKey, walk);
    const found = walkValue((value as Record<string | number, unknown>)[key], depth + 1, walk);
    if (found) return found;
    walk.keys.pop();
  }
  return undefined;
}

/**
 * The first string (or object key) holding a control character or a lone surrogate, depth-first,
 * with its path; or where the value is nested too deeply or holds too many values to walk.
 * Undefined when every string is clean, and for binary values, which are not walked.
 */
export function inspectInput(value: unknown): InputFinding | undefined {
  return walkValue(value, 0, { budget: MAX_INPUT_VALUES, keys: [] });
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

/** Where a request's input comes from, in the order it is checked. */
const REQUEST_PARTS = [
  ['params', (request: FastifyRequest) => request.params],
  ['querystring', (request: FastifyRequest) => request.query],
  ['body', (request: FastifyRequest) => request.body],
] as const;

/**
 * One input rule for every route, with or without a schema (docs/product/api-conventions.md#api-calls: bad input gets a clear
 * error and changes nothing): no C0 control character or DEL in any string of the body, query
 * or path. A NUL would otherwise reach PostgreSQL, which cannot store it (a 500). Line breaks and
 * tabs pass here; the contract's text fields decide where they belong.
 */
export function registerInputRules(app: FastifyInstance) {
  // A plain callback hook: no promise a request, and the parts' list is built once.
  app.addHook('preValidation', (request, reply, done) => {
    for (const [context, partOf] of REQUEST_PARTS) {
      const found = inspectInput(partOf(request));
      if (!found) continue;
      const [message, code] = refusal(found, context);
      // Answered here: done() is not called, so the route goes no further.
      reply.code(400).send({ message, code, errors: [{ path: found.path, message }] });
      return;
    }
    done();
  });
}
