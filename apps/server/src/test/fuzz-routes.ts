import { PlaceOrderBody } from '@tableserve/contract/order';
import { OwnerPlaceOrderBody } from '@tableserve/contract/owner-orders';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  type BodyMutation,
  encodeUrlPart,
  hostileString,
  hostileValue,
  type JsonSchema,
  MALFORMED_JSON,
  mutate,
  type Pools,
  RAW_URL_PARTS,
  validValue,
  WRONG_CONTENT_TYPES,
} from './fuzz-values';
import { jsonText, numberArb, numberTextArb } from './spellings';

/**
 * The fuzz suite's view of the API: every route of the server's own route table, with the
 * parameters and bodies its OpenAPI description (generated from the zod schemas) declares.
 */
export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
};
export type RouteSpec = {
  /** "POST /api/v1/customer/place-order" */
  id: string;
  method: string;
  /** OpenAPI form: /api/v1/auth/user/{user_id} */
  path: string;
  parameters: Parameter[];
  /** JSON body schemas (one per caller where the handler picks the schema by caller). */
  jsonBodies: { schema: JsonSchema; role?: Role }[];
  /** Non-JSON content types the route accepts (image uploads). */
  binaryTypes: string[];
};

/**
 * Routes whose body schema is chosen in the handler, by caller, so the OpenAPI description has
 * none: place-order takes a diner's cart or the owner's walk-in form (orders.routes.ts).
 */
const toJsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as JsonSchema;
const HANDLER_BODIES: Record<string, RouteSpec['jsonBodies']> = {
  'POST /api/v1/customer/place-order': [
    { schema: toJsonSchema(PlaceOrderBody), role: 'diner' },
    { schema: toJsonSchema(OwnerPlaceOrderBody), role: 'owner' },
  ],
};

/**
 * Every METHOD path of the running app under /api/v1, read from Fastify's own route tree
 * (printRoutes), so a route added tomorrow joins the fuzz without a line here.
 */
export function registeredApiRoutes(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = line.match(/^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]+)\))?$/);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = stack.join('') + match[2]!;
    stack.push(match[2]!);
    if (!match[3] || !path.startsWith('/api/v1/')) continue;
    for (const method of match[3].split(', ').filter((m) => m !== 'HEAD'))
      routes.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
  }
  return routes.sort();
}

type OpenApiOperation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** The route specs from the OpenAPI document the server publishes at /api/docs/json. */
export function routeSpecs(document: {
  paths: Record<string, Record<string, OpenApiOperation>>;
}): RouteSpec[] {
  const specs: RouteSpec[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/v1/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const id = `${method.toUpperCase()} ${path}`;
      const content = operation.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      specs.push({
        id,
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        jsonBodies: HANDLER_BODIES[id] ?? (json ? [{ schema: json }] : []),
        binaryTypes: Object.keys(content).filter((type) => type !== 'application/json'),
      });
    }
  }
  return specs;
}

export type Role = 'owner' | 'diner' | 'anonymous' | 'forged';

export type FuzzRequest = {
  route: string;
  role: Role;
  /** Which forged Authorization header, for role 'forged'. */
  forged: number;
  /** What kind of body this is (for the report and for reading a failure). */
  body: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
};

/** 'shaped' requests follow the schemas with some hostile fields; 'hostile' ones never do. */
export type Mode = 'shaped' | 'hostile';

/** roleHint: the caller this body was written for, where the handler decides by caller. */
type Body = { kind: string; contentType?: string; payload?: string | Buffer; roleHint?: Role };

const asText = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');

const json = (value: unknown): string => JSON.stringify(value) ?? 'null';

function urlPart(schema: JsonSchema, name: string, pools: Pools, mode: Mode): fc.Arbitrary<string> {
  const valid = validValue(schema, name, pools).map((value) => encodeUrlPart(asText(value)));
  const hostile = hostileValue.map((value) => encodeUrlPart(asText(value)));
  const raw = fc.constantFrom(...RAW_URL_PARTS);
  return mode === 'shaped'
    ? fc.oneof(
        { weight: 8, arbitrary: valid },
        { weight: 2, arbitrary: hostile },
        { weight: 1, arbitrary: raw },
      )
    : fc.oneof(
        { weight: 2, arbitrary: valid },
        { weight: 4, arbitrary: hostile },
        { weight: 2, arbitrary: raw },
      );
}

const QUERY_EXTRA_KEYS = [
  '__proto__',
  'constructor',
  '__proto__[polluted]',
  'a[b]',
  'page',
  'x',
  '',
  '%00',
  'toString',
];

function queryArb(spec: RouteSpec, pools: Pools, mode: Mode): fc.Arbitrary<string> {
  const declared = spec.parameters.filter((parameter) => parameter.in === 'query');
  const entries = declared.map((parameter) =>
    fc
      .tuple(
        fc.integer({ min: 0, max: 9 }),
        urlPart(parameter.schema, parameter.name, pools, mode),
        urlPart(parameter.schema, parameter.name, pools, mode),
      )
      .map(([dice, first, second]) => {
        const key = encodeUrlPart(parameter.name);
        // Absent now and then (always possible for optional ones), or given twice.
        if (dice === 0 || (!parameter.required && dice < 3)) return [];
        if (dice === 9) return [`${key}=${first}`, `${key}=${second}`];
        return [`${key}=${first}`];
      }),
  );
  const extras = fc.array(
    fc
      .tuple(fc.constantFrom(...QUERY_EXTRA_KEYS), hostileString)
      .map(([key, value]) => `${key}=${encodeUrlPart(value)}`),
    { maxLength: mode === 'hostile' ? 2 : 1 },
  );
  return fc.tuple(fc.tuple(...entries), extras).map(([parts, extra]) => {
    const all = [...parts.flat(), ...extra];
    return all.length ? `?${all.join('&')}` : '';
  });
}

const OVERSIZED = `{"restaurant_name":"${'x'.repeat(1_100_000)}"}`;

function jsonBodyArb(spec: RouteSpec, pools: Pools, mode: Mode): fc.Arbitrary<Body> {
  return fc.oneof(
    ...spec.jsonBodies.map(({ schema, role }) =>
      jsonBodyOf(schema, pools, mode).map((body) => ({ ...body, roleHint: role })),
    ),
  );
}

function jsonBodyOf(schema: JsonSchema, pools: Pools, mode: Mode): fc.Arbitrary<Body> {
  const valid = validValue(schema, '', pools);
  const asJson =
    (kind: string) =>
    (value: unknown): Body => ({ kind, contentType: 'application/json', payload: json(value) });
  const mutated = fc
    .tuple(
      valid,
      fc.constantFrom<BodyMutation>('replace', 'replace', 'replace', 'remove', 'extra'),
      fc.nat(),
      hostileValue,
      fc.nat(),
    )
    .map(([body, kind, at, value, extraKey]) =>
      asJson(`json:${kind}`)(mutate(body, kind, at, value, extraKey)),
    );
  const wrongRoot = hostileValue.map(asJson('json:wrong-root'));
  const malformed = fc
    .constantFrom(...MALFORMED_JSON)
    .map((payload): Body => ({ kind: 'json:malformed', contentType: 'application/json', payload }));
  const wrongContentType = fc.tuple(valid, fc.constantFrom(...WRONG_CONTENT_TYPES), fc.boolean()).map(
    ([body, contentType, formEncoded]): Body => ({
      kind: 'wrong-content-type',
      contentType,
      payload: formEncoded
        ? Object.entries((body ?? {}) as object)
            .map(([key, value]) => `${encodeUrlPart(key)}=${encodeUrlPart(asText(value))}`)
            .join('&')
        : json(body),
    }),
  );
  const oversized = fc.constant<Body>({
    kind: 'oversized',
    contentType: 'application/json',
    payload: OVERSIZED,
  });
  const none = fc.constantFrom<Body>(
    { kind: 'none' },
    { kind: 'empty', contentType: 'application/json', payload: '' },
  );
  return mode === 'shaped'
    ? fc.oneof(
        { weight: 30, arbitrary: valid.map(asJson('json:valid')) },
        { weight: 40, arbitrary: mutated },
        { weight: 4, arbitrary: wrongRoot },
        { weight: 4, arbitrary: malformed },
        { weight: 4, arbitrary: wrongContentType },
        { weight: 2, arbitrary: none },
        { weight: 1, arbitrary: oversized },
      )
    : fc.oneof(
        { weight: 40, arbitrary: mutated },
        { weight: 15, arbitrary: wrongRoot },
        { weight: 15, arbitrary: malformed },
        { weight: 15, arbitrary: wrongContentType },
        { weight: 5, arbitrary: none },
        { weight: 2, arbitrary: oversized },
      );
}

function binaryBodyArb(spec: RouteSpec): fc.Arbitrary<Body> {
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...spec.binaryTypes), fc.uint8Array({ maxLength: 2_048 }))
      .map(([contentType, bytes]): Body => ({ kind: 'binary', contentType, payload: Buffer.from(bytes) })),
    fc
      .constantFrom(...WRONG_CONTENT_TYPES, 'application/json')
      .map((contentType): Body => ({ kind: 'binary:wrong-type', contentType, payload: '{"a":1}' })),
    fc.constant<Body>({ kind: 'none' }),
  );
}

/** A body for a route that takes none: usually none, sometimes junk anyway. */
const strayBodyArb: fc.Arbitrary<Body> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  {
    weight: 1,
    arbitrary: hostileValue.map(
      (value): Body => ({ kind: 'stray:json', contentType: 'application/json', payload: json(value) }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(...MALFORMED_JSON)
      .map((payload): Body => ({ kind: 'stray:malformed', contentType: 'application/json', payload })),
  },
);

/** Header text as HTTP allows it (visible ASCII): a client cannot send a NUL or a line break in one. */
const headerText = fc
  .string({ unit: 'binary-ascii', maxLength: 300 })
  .map((value) => value.replace(/[^\x20-\x7e]/g, '~'));

const ACCEPT_ENCODINGS = [
  'gzip',
  'br',
  'deflate',
  'identity;q=0',
  '*;q=0',
  'gzip;q=abc',
  'x'.repeat(500),
  '',
];

/** One generated request for one route, with who sends it. */
export function requestArb(
  spec: RouteSpec,
  pools: Pools,
  mode: Mode,
  forgedCount: number,
): fc.Arbitrary<FuzzRequest> {
  const pathParameters = spec.parameters.filter((parameter) => parameter.in === 'path');
  const path = fc
    .tuple(...pathParameters.map((parameter) => urlPart(parameter.schema, parameter.name, pools, mode)))
    .map((values) =>
      pathParameters.reduce(
        (url, parameter, index) => url.replace(`{${parameter.name}}`, values[index]!),
        spec.path,
      ),
    );
  const body = spec.binaryTypes.length
    ? binaryBodyArb(spec)
    : spec.jsonBodies.length
      ? jsonBodyArb(spec, pools, mode)
      : strayBodyArb;
  const idempotencyKey = spec.parameters.some((parameter) => parameter.name === 'idempotency-key')
    ? fc.option(fc.oneof({ weight: 4, arbitrary: fc.uuid() }, { weight: 1, arbitrary: headerText }), {
        freq: 3,
      })
    : fc.constant(null);
  const roles = fc.constantFrom<Role>(
    'owner',
    'owner',
    'owner',
    'diner',
    'diner',
    'anonymous',
    'anonymous',
    'forged',
  );
  return body
    .chain((body) =>
      fc.record({
        // A body written for one caller is mostly sent by that caller, so it can get past the handler.
        role:
          body.roleHint && mode === 'shaped'
            ? fc.oneof({ weight: 4, arbitrary: fc.constant(body.roleHint) }, roles)
            : roles,
        forged: fc.nat({ max: Math.max(forgedCount - 1, 0) }),
        path,
        query: queryArb(spec, pools, mode),
        body: fc.constant(body),
        idempotencyKey,
        acceptEncoding: fc.option(fc.constantFrom(...ACCEPT_ENCODINGS), { freq: 4 }),
        address: fc.tuple(fc.nat({ max: 255 }), fc.nat({ max: 255 })),
      }),
    )
    .map(({ role, forged, path, query, body, idempotencyKey, acceptEncoding, address }) => {
      const headers: Record<string, string> = {};
      if (body.contentType !== undefined) headers['content-type'] = body.contentType;
      if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
      if (acceptEncoding !== null) headers['accept-encoding'] = acceptEncoding;
      return {
        route: spec.id,
        role,
        forged,
        body: body.kind,
        method: spec.method,
        url: `${path}${query}`,
        headers,
        ...(body.payload !== undefined && { payload: body.payload }),
        // Spread over many addresses, so per-address limits do not answer everything with 429.
        remoteAddress: `10.99.${address[0]}.${address[1]}`,
      };
    });
}

/** A request as the schema-shaped fuzz writes it, and the same with its numbers spelled otherwise. */
export type SpelledPair = { canonical: FuzzRequest; spelled: FuzzRequest; respelled: string[] };

/** A whole number, respelled (as text in a URL, any spelling in a body) or now and then kept. */
const respell = (value: number, inUrl: boolean) =>
  fc.option(inUrl ? numberTextArb(value) : numberArb(value), { freq: 4 });

/**
 * Outside testing (SECURITY.md): one schema-valid request for the route (ids from the pools: the caller's own,
 * another tenant's, or none) and the same request with its whole numbers spelled as the schema
 * may read them the same ("02", " 2", 2.0, "0x2", ["2"]), with the dotted paths it respelled.
 */
export function spelledPairArb(spec: RouteSpec, pools: Pools): fc.Arbitrary<SpelledPair> {
  const urlParameters = spec.parameters.filter((parameter) => parameter.in !== 'header');
  const values = fc.tuple(
    ...urlParameters.map((parameter) => {
      const value = validValue(parameter.schema, parameter.name, pools);
      return parameter.required ? value : fc.option(value, { freq: 4 });
    }),
  );
  const bodies = spec.jsonBodies.length
    ? fc.oneof(
        ...spec.jsonBodies.map(({ schema, role }) =>
          validValue(schema, '', pools).map((body) => ({ body, role })),
        ),
      )
    : fc.constant({ body: undefined, role: undefined });
  return fc.tuple(values, bodies).chain(([parameterValues, { body, role }]) =>
    fc
      .record({
        parameters: fc.tuple(
          ...parameterValues.map((value) =>
            Number.isSafeInteger(value) && (value as number) >= 0
              ? respell(value as number, true)
              : fc.constant(null),
          ),
        ),
        body: spelledBody(body),
        role: role ? fc.constant(role) : fc.constantFrom<Role>('owner', 'diner'),
        address: fc.tuple(fc.nat({ max: 255 }), fc.nat({ max: 255 })),
      })
      .map(({ parameters, body: spelledValue, role, address }) => {
        const respelled: string[] = [...spelledValue.respelled];
        const request = (spelled: boolean): FuzzRequest => {
          let path = spec.path;
          const query: string[] = [];
          urlParameters.forEach((parameter, index) => {
            const canonical = parameterValues[index];
            if (canonical === null || canonical === undefined) return;
            const text = encodeUrlPart(asText(spelled ? (parameters[index] ?? canonical) : canonical));
            if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, text);
            else query.push(`${encodeUrlPart(parameter.name)}=${text}`);
          });
          const payload = spelled ? spelledValue.text : body === undefined ? undefined : jsonText(body);
          return {
            route: spec.id,
            role,
            forged: 0,
            body: spelled ? 'json:spelled' : 'json:valid',
            method: spec.method,
            url: `${path}${query.length ? `?${query.join('&')}` : ''}`,
            headers: payload === undefined ? {} : { 'content-type': 'application/json' },
            ...(payload !== undefined && { payload }),
            remoteAddress: `10.97.${address[0]}.${address[1]}`,
          };
        };
        urlParameters.forEach((parameter, index) => {
          if (parameters[index] !== null) respelled.push(parameter.name);
        });
        return { canonical: request(false), spelled: request(true), respelled };
      }),
  );
}

/**
 * The body as JSON text with some of its whole numbers respelled (those at a dotted path
 * `spellable` takes), and the paths it respelled.
 */
export function spelledBody(
  value: unknown,
  spellable: (path: string) => boolean = () => true,
  path = '',
): fc.Arbitrary<{ text: string; respelled: string[] }> {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && spellable(path))
    return respell(value, false).map((spelling) =>
      spelling === null
        ? { text: jsonText(value), respelled: [] }
        : { text: jsonText(spelling), respelled: [path] },
    );
  if (value === null || typeof value !== 'object')
    return fc.constant({ text: jsonText(value), respelled: [] });
  const entries = Object.entries(value);
  const at = (key: string) => (path ? `${path}.${key}` : key);
  return fc.tuple(...entries.map(([key, inner]) => spelledBody(inner, spellable, at(key)))).map((parts) => ({
    text: Array.isArray(value)
      ? `[${parts.map((part) => part.text).join(',')}]`
      : `{${parts.map((part, index) => `${JSON.stringify(entries[index]![0])}:${part.text}`).join(',')}}`,
    respelled: parts.flatMap((part) => part.respelled),
  }));
}
