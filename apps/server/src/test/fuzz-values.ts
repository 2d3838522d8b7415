import fc from 'fast-check';

/**
 * Generators for the API fuzz suite (SECURITY.md), driven by the JSON Schema that
 * @fastify/swagger derives from each route's zod schemas (OpenAPI 3.0 flavour: `nullable`,
 * boolean `exclusiveMinimum`). `validValue` aims at what the schema accepts, so requests reach
 * the services; `hostileValue` is anything a client could send instead.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  minItems?: number;
  maxItems?: number;
  const?: unknown;
};

/**
 * Real rows of the fixtures, by field name (restaurant_id, menu_id, …): a generated id names one
 * of the caller's own objects, another tenant's, or nothing at all.
 */
export type Pools = { ids: Record<string, number[]>; strings: Record<string, string[]> };

/** Field names that hold the same kind of id under another name. */
const ID_ALIASES: Record<string, string> = {
  menu_item_id: 'menu_id',
  order_ids: 'order_id',
};

// biome-ignore format: one character per entry reads best as a table.
/** Single characters that break naive code: controls, invisible and bidi marks, lone surrogates, metacharacters. */
export const SPECIAL_CHARACTERS = [
  '\u0000', '\u0001', '\u0008', '\u001b', '\r', '\n', '\r\n', '\t', '\u000b', '\u007f', '\u0085', '\u00a0',
  '\u2028', '\u2029', '\u200b', '\u200d', '\u200e', '\u200f', '\u202a', '\u202e', '\u2066', '\ufeff',
  '\ud800', '\udbff', '\udfff', '\ufffd', '\uffff', 'e\u0301', '\u212b', '\ufb01', '\uff11', '\u0663',
  '\u{1f355}', '\u{1f469}\u200d\u{1f373}', 'ß', 'İ', "'", '"', '`', ';', '--', '/*', '%', '_', '\\', '<',
  '>', '&', '/', '..', '$', '{', '}', '[', ']', '#', '?', '=', '+', ' ',
];

/** Whole strings that have broken servers before: number look-alikes, injections, markup, paths. */
// biome-ignore format: a table of probes reads best packed.
export const HOSTILE_STRINGS = [
  '', ' ', '   ', 'null', 'undefined', 'NaN', '-NaN', 'Infinity', '-Infinity', '1e309', '-1e309', '-0',
  '0x1F', '0b101', '0o17', '1_000', ' 42 ', '\uff14\uff12', '+1', '1.0', '1.5', '-1', '0', '00001',
  '9007199254740993', '2147483648', '99999999999999999999999', '1e-7', 'true', 'false', '[]', '{}',
  '[object Object]', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', "' OR '1'='1",
  "'; DROP TABLE users; --", '" OR ""="', "1'; SELECT pg_sleep(5)--", "admin'--", '%_%', '%', '_', '\\',
  '\\x00', '$1', '$$', "E'\\x41'", 'select * from users', '/* */', 'UNION SELECT 1',
  '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '<!--', ']]>', '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as text.
  '${7*7}', 'javascript:alert(1)', 'data:text/html,<script>1</script>', '../../../../etc/passwd',
  '..\\..\\win.ini', '%2e%2e%2f', '%00', 'file:///etc/passwd', 'http://169.254.169.254/latest/meta-data/',
  'a\u0000b', '\u0000', 'line\r\nX-Injected: 1', '\u001b[31mred\u001b[0m', '\u202egnp.exe', '\ud800',
  'x\udfffy', '\ud83d', '\uffff\udfff', 'Ω≈ç√∫', '田中さん', 'مرحبا', '\u{1f355}\u{1f355}\u{1f355}', 'Z\u0351\u0360\u036b',
  'ＡＢＣ', 'a'.repeat(255), 'a'.repeat(256), 'é'.repeat(300),
];

/** Numbers at the edges: signs, fractions, float artefacts, PostgreSQL's integer, JavaScript's safe range. */
// biome-ignore format: a table of probes reads best packed.
const SPECIAL_NUMBERS = [
  -1, 0, -0, 0.5, -0.5, 0.1 + 0.2, 1.005, 0.29, 12.345, 2_147_483_647, 2_147_483_648, -2_147_483_649,
  4_294_967_296, 2 ** 53, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e21, 1e308,
  -1e308, 5e-324, 1e-7, 100_000.01, 99_999.999, 51, 1_000_001,
];

const HUGE_LENGTHS = [101, 256, 1_001, 10_001, 100_000];

export const hugeString = fc
  .tuple(fc.constantFrom(...HUGE_LENGTHS), fc.constantFrom('a', 'é', '\u{1f355}', ' ', '\u0000', '<', "'"))
  .map(([length, unit]) => unit.repeat(length));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom(...SPECIAL_CHARACTERS), maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...SPECIAL_CHARACTERS), fc.string({ maxLength: 8 }))
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: hugeString },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_NUMBERS) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer({ min: -(2 ** 40), max: 2 ** 40 }) },
);

const deepArray = fc.constantFrom(20, 200, 2_000).map((depth) => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = [value];
  return value;
});

/** A value of another type than expected: null, booleans, containers, huge arrays, deep nesting. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(null, true, false, {}, [], [null], [{}], { a: 1 }, ['1'], [1, 2]) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(1_000, 10_001).map((length) => Array.from({ length }, (_, i) => i)),
  },
  {
    weight: 1,
    arbitrary: fc.constant(Array.from({ length: 300 }, (_, i) => ({ menu_item_id: i + 1, quantity: 1 }))),
  },
  { weight: 1, arbitrary: deepArray },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 2, arbitrary: wrongType },
);

const TIME_ZONES = ['UTC', 'America/Los_Angeles', 'Europe/Paris', 'Asia/Kolkata', 'Australia/Lord_Howe'];

const lowerBound = (schema: JsonSchema) => {
  const min = schema.minimum ?? Number.MIN_SAFE_INTEGER;
  if (schema.exclusiveMinimum === true) return min + 1;
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + 1;
  return Math.max(min, Number.MIN_SAFE_INTEGER);
};
const upperBound = (schema: JsonSchema) => {
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  if (schema.exclusiveMaximum === true) return max - 1;
  if (typeof schema.exclusiveMaximum === 'number') return schema.exclusiveMaximum - 1;
  return Math.min(max, Number.MAX_SAFE_INTEGER);
};

function poolOf(pools: Pools, name: string) {
  return pools.ids[ID_ALIASES[name] ?? name] ?? [];
}

function validString(schema: JsonSchema, name: string, pools: Pools): fc.Arbitrary<string> {
  const known = pools.strings[name];
  if (known?.length) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, fc.string());
  if (schema.pattern) {
    const arb = fc.stringMatching(new RegExp(schema.pattern));
    return schema.maxLength ? arb.filter((value) => value.length <= schema.maxLength!) : arb;
  }
  if (schema.format === 'uri') return fc.webUrl();
  if (/email/.test(name)) return fc.oneof(fc.emailAddress(), fc.string({ maxLength: 20 }));
  if (/password/.test(name)) return fc.string({ minLength: 8, maxLength: 24 });
  if (name === 'timezone')
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...TIME_ZONES) }, fc.string());
  const minLength = schema.minLength ?? 1;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
  );
}

function validNumber(schema: JsonSchema, name: string, pools: Pools, integer: boolean): fc.Arbitrary<number> {
  const min = lowerBound(schema);
  const max = upperBound(schema);
  const pool = poolOf(pools, name);
  if (integer) {
    const range = fc.integer({ min, max });
    if (!pool.length)
      return min < 0 || max > 1_000
        ? fc.oneof(fc.integer({ min: Math.max(min, 0), max: Math.min(max, 20) }), range)
        : range;
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: range });
  }
  if (/price|amount/.test(name)) {
    // Money travels as dollars with at most two decimals.
    return fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((cents) => cents / 100);
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A value the schema accepts (mostly: text rules inside zod pipes are not in the JSON Schema). */
export function validValue(schema: JsonSchema, name: string, pools: Pools): fc.Arbitrary<unknown> {
  const arb = validInner(schema, name, pools);
  return schema.nullable ? fc.oneof({ weight: 5, arbitrary: arb }, fc.constant(null)) : arb;
}

function validInner(schema: JsonSchema, name: string, pools: Pools): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives)
    return fc.oneof(...alternatives.map((alternative) => validValue(alternative, name, pools)));
  if (schema.allOf?.[0]) return validValue(schema.allOf[0], name, pools);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return validString(schema, name, pools);
    case 'integer':
      return validNumber(schema, name, pools, true);
    case 'number':
      return validNumber(schema, name, pools, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      return fc.array(validValue(schema.items ?? {}, name, pools), { minLength, maxLength });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      if (!Object.keys(properties).length)
        return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, inner]) => [key, validValue(inner, key, pools)]),
      );
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

type Path = (string | number)[];

/** Every place in a JSON value a mutation can aim at (the root is []). */
function pathsOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) pathsOf(item, [...path, index], out);
  } else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) pathsOf(inner, [...path, key], out);
  return out;
}

/** Sets a key as an own, enumerable property: `__proto__` too, so JSON.stringify sends it. */
function setOwn(target: Record<string | number, unknown>, key: string | number, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
}

const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'extra',
  'is_admin',
  'owner_id',
  'total_cents',
  'id',
  '',
];

export type BodyMutation = 'replace' | 'remove' | 'extra';

/** The body with one field replaced by a hostile value, removed, or joined by an unexpected key. */
export function mutate(
  body: unknown,
  kind: BodyMutation,
  at: number,
  value: unknown,
  extraKey: number,
): unknown {
  if (kind === 'replace' && (body === null || typeof body !== 'object')) return value;
  const copy = structuredClone(body);
  const paths = pathsOf(copy).filter((path) =>
    kind === 'replace' || kind === 'remove' ? path.length > 0 : true,
  );
  const path = paths[at % Math.max(paths.length, 1)];
  if (!path) return kind === 'replace' ? value : copy;
  const parentPath = kind === 'extra' ? path : path.slice(0, -1);
  let parent: unknown = copy;
  for (const key of parentPath) parent = (parent as Record<string | number, unknown>)[key];
  if (parent === null || typeof parent !== 'object') return copy;
  const container = parent as Record<string | number, unknown>;
  const key = path[path.length - 1]!;
  if (kind === 'replace') setOwn(container, key, value);
  else if (kind === 'remove') {
    if (Array.isArray(container)) container.splice(Number(key), 1);
    else delete container[key];
  } else if (Array.isArray(container)) container.push(value);
  else {
    const name = EXTRA_KEYS[extraKey % EXTRA_KEYS.length]!;
    setOwn(
      container,
      name,
      name === '__proto__' || name === 'constructor'
        ? { polluted: true, prototype: { polluted: true } }
        : value,
    );
  }
  return copy;
}

/** Bodies a JSON parser must refuse (or survive). */
export const MALFORMED_JSON = [
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'nul',
  'undefined',
  'NaN',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":01}',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  '\u0000',
  '{"a":"\u0000"}',
  '{"a":"\\ud800"}',
  '{"a":"\\u00"}',
  '\ufeff{"a":1}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"a":2}',
  '"just a string"',
  '12345678901234567890123456789',
  '1e999999',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `{"a":${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}}`,
  '{"a": 1 /* comment */}',
  'a=1&b=2',
  '<xml/>',
];

/** Content types the JSON routes must refuse without harm. */
export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'image/png',
  'application/octet-stream',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/jsonx',
  'application/json-patch+json',
  '*/*',
  'garbage',
  '',
];

/** Percent-encodes a string as UTF-8 (a lone surrogate becomes U+FFFD, as in any URL). */
export const encodeUrlPart = (value: string) =>
  encodeURIComponent(
    value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );

/** Already-encoded URL parts that are malformed on purpose (bad escapes, overlong and surrogate UTF-8). */
export const RAW_URL_PARTS = [
  '%',
  '%zz',
  '%0',
  '%00',
  '%C0%80',
  '%ED%A0%80',
  '%FF%FE',
  '%E2%80%AE',
  '..',
  '.',
  '%2e%2e%2f%2e%2e',
  '%2F',
  '1%00',
  '1;drop',
  '1%20OR%201=1',
  '%F0%9F%8D%95',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '99999999999999999999',
  '',
];
