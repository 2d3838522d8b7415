import { z } from 'zod';
import { fieldMessages } from './messages';

/**
 * Reusable field schemas: one definition of every common field, used by server and web.
 *
 * The input rule (ADR 009, SECURITY.md): every string a request can carry is one of the builders
 * below, and each of them records which rule it follows. A request schema takes no bare
 * `z.string()`; the input-rule suites (input-rules.test.ts here, and the server's
 * input-rule-coverage.test.ts over every route) walk the schemas and fail on a string field
 * without a rule or without a maximum length.
 */

/**
 * The rules, by what the string is:
 * - text: typed by a person (names, addresses, notes, searches): trimmed, NFC-normalised, no
 *   control character, on one line unless multi-line, capped.
 * - secret: a password, kept exactly as typed (no trim, no normalisation, or the hash would not
 *   match), but never with a control character, and capped.
 * - email: an address, trimmed and lower-cased, capped.
 * - token: an opaque value the server or a provider made (a link token, a payment method id,
 *   an upload key): one word from a fixed alphabet, capped.
 * - format: a value with a fixed shape (phone, date, time of day, time zone, digits), capped.
 * - url: an http(s) address, capped.
 * - ignored: accepted and never read (the read-only fields the spec's clients send back).
 */
export type InputRule = 'text' | 'secret' | 'email' | 'token' | 'format' | 'url' | 'ignored';

/** Set here only: no other module can declare a field as following a rule. */
const inputRules = z.registry<{ inputRule: InputRule }>();

const withRule = <T extends z.ZodType>(schema: T, inputRule: InputRule): T => {
  inputRules.add(schema, { inputRule });
  return schema;
};

/**
 * The rule a field builder of this module gave this schema, if any. A check added where the
 * field is used (`.refine`, `.max`) keeps it: zod gives a clone its parent's entry, and a check
 * only narrows what the builder takes.
 */
export const inputRuleOf = (schema: z.ZodType): InputRule | undefined => inputRules.get(schema)?.inputRule;

/**
 * Control characters no string field takes (C0 and DEL): a NUL cannot even be stored by
 * PostgreSQL, and an escape sequence in a name is an attack on whoever prints it. Tab, line feed
 * and carriage return are left to the field's own rule (one line, or several).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LINE_BREAKS = /[\t\n\r]/;
const noControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);

export const PHONE_DIGITS = 10;

export const email = withRule(
  z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Enter a valid email address')),
  'email',
);

/**
 * The email typed at a login: not checked for a format (a wrong one is a failed login, not a
 * 400), but trimmed, lower-cased and capped like any address.
 */
export const loginEmail = withRule(
  z
    .string('Email is required')
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .refine(noControlCharacters, 'Email must not contain control characters'),
  'email',
);

export const phone = withRule(
  z
    .string()
    .trim()
    .max(PHONE_DIGITS, { message: `Phone must be exactly ${PHONE_DIGITS} digits`, abort: true })
    .regex(/^\d{10}$/, `Phone must be exactly ${PHONE_DIGITS} digits`),
  'format',
);

type SecretOptions = { min: number; max: number; tooShort: string };

/**
 * A password: exactly as typed, so neither trimmed nor normalised (the stored hash is of these
 * very characters), but without control characters and capped (argon2 of a megabyte is a cost).
 */
const secret = (label: string, { min, max, tooShort }: SecretOptions) =>
  withRule(
    z
      .string(`${label} is required`)
      .min(min, tooShort)
      .max(max, `${label} must be at most ${max} characters`)
      .refine(noControlCharacters, `${label} must not contain control characters`),
    'secret',
  );

/** A new password (sign-up, reset). */
export const password = secret('Password', {
  min: 8,
  max: 128,
  tooShort: 'Password must be at least 8 characters',
});

/** The password typed at a login: any non-empty one may be tried. */
export const loginPassword = secret('Password', { min: 1, max: 128, tooShort: 'Password is required' });

/** What a guest's form may send as a password and the server ignores (the sign-up checks `password`). */
export const anyPassword = secret('Password', { min: 0, max: 1000, tooShort: 'Password is required' });

type TextOptions = {
  /** Line breaks allowed (a description, a note). */
  multiline?: boolean;
  /** Fewest characters once trimmed (requiredText: 1). */
  min?: number;
  /** Texts to say instead of the ones made from the label. */
  messages?: { required?: string; tooShort?: string; tooLong?: string };
  /** One more condition on the trimmed, normalised text (a file name's extension). */
  check?: { test: (value: string) => boolean; message: string };
};

/** Trimmed, NFC-normalised text with no control character, on one line unless `multiline`, capped. */
export const text = (
  label: string,
  max: number,
  { multiline = false, min = 0, messages = {}, check }: TextOptions = {},
) => {
  const required = messages.required ?? `${label} is required`;
  let rules = z
    .string()
    .max(max, messages.tooLong ?? `${label} must be at most ${max} characters`)
    .refine(noControlCharacters, `${label} must not contain control characters`)
    .refine((value) => multiline || !LINE_BREAKS.test(value), `${label} must be on one line`);
  if (min > 0) rules = rules.min(min, messages.tooShort ?? required);
  if (check) rules = rules.refine(check.test, check.message);
  return withRule(
    z
      .string(required)
      .trim()
      .transform((value) => value.normalize('NFC'))
      .pipe(rules),
    'text',
  );
};

/** A required line of text, trimmed, with a cap so no field can grow without bound. */
export const requiredText = (label: string, max = 100, options: TextOptions = {}) =>
  text(label, max, { min: 1, ...options });

/** Optional free text, trimmed, with a cap. */
export const optionalText = (label: string, max: number, options: TextOptions = {}) =>
  text(label, max, options).optional();

export const latitude = z.number().min(-90).max(90);
export const longitude = z.number().min(-180).max(180);

type TokenOptions = {
  /** Fewest characters (default 1). */
  min?: number;
  /** Its alphabet (default base64url). */
  pattern?: RegExp;
  /** The one text for any problem: a token is right or it is not. */
  message?: string;
  trim?: boolean;
};

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Printable ASCII without the space: a signature, an expiry, a key as it came in a URL. */
export const VISIBLE_ASCII = /^[\x21-\x7E]*$/;

/** An opaque value made by the server or a provider: one word of its alphabet, capped. */
export const token = (
  max: number,
  { min = 1, pattern = BASE64URL, message = 'Invalid token', trim = false }: TokenOptions = {},
) =>
  withRule(
    (trim ? z.string(message).trim() : z.string(message))
      .min(min, message)
      .max(max, message)
      .regex(pattern, message),
    'token',
  );

/** Opaque single-use tokens sent by email links (base64url). */
export const emailToken = token(200, { min: 16, trim: true });

/** PostgreSQL's integer: a larger id cannot exist, and must not reach a query as one. */
export const MAX_ID = 2_147_483_647;
export const id = z.coerce.number().int().positive().max(MAX_ID);

/**
 * A whole number sent as text (a table number from a select): at most `maxDigits` digits, ''
 * for none.
 */
export const digits = (maxDigits: number) =>
  withRule(
    z
      .string()
      .trim()
      .max(maxDigits)
      .regex(new RegExp(`^\\d{0,${maxDigits}}$`)),
    'format',
  );

/** The first date the API takes: before any restaurant could have taken an order here. */
export const EARLIEST_DATE = '2000-01-01';
/** The API takes dates up to a year after today (UTC): a report that far ahead is empty anyway. */
export const latestDate = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate()))
    .toISOString()
    .slice(0, 10);

/**
 * A calendar date as the API speaks it (docs/product/api-conventions.md#api-calls), checked to exist (no 2026-02-30) and to
 * lie from EARLIEST_DATE to latestDate(), so a business day's times are always real instants.
 * `label` names the field in every message.
 */
export const isoDate = (label: string) =>
  withRule(
    z
      .string(`${label} is required`)
      .max(10, { message: `${label} must be YYYY-MM-DD`, abort: true })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label} must be YYYY-MM-DD`, abort: true })
      .refine(
        (value) => {
          const date = new Date(`${value}T00:00:00Z`);
          return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
        },
        { message: `${label} must be a real calendar date (YYYY-MM-DD)`, abort: true },
      )
      // Compared as text: YYYY-MM-DD sorts as the calendar does.
      .refine((value) => value >= EARLIEST_DATE && value <= latestDate(), {
        error: () => fieldMessages.dateOutOfRange(label, EARLIEST_DATE, latestDate()),
        // A schema's own checks on the date (a range's length) only run on a date it takes.
        abort: true,
      }),
    'format',
  );

/** A time of day as 24-hour HH:MM, 00:00 to 23:59. */
export const timeOfDay = withRule(
  z
    .string('Enter a time as HH:MM')
    .max(5, { message: 'Enter a time as HH:MM (00:00 to 23:59)', abort: true })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM (00:00 to 23:59)'),
  'format',
);

export const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** An IANA time zone name such as America/New_York (docs/product/business-day.md#business-day: every restaurant has one). */
export const timeZone = withRule(
  z
    .string('Time zone is required')
    .trim()
    .min(1, 'Time zone is required')
    .max(64, 'Unknown time zone')
    .refine(isTimeZone, 'Unknown time zone'),
  'format',
);

/** An http(s) address (a menu item's image). */
export const httpUrl = (label: string, max: number) =>
  withRule(
    z
      .url({ protocol: /^https?$/, message: `${label} must be an http(s) URL` })
      .max(max, `${label} URL must be at most ${max} characters`),
    'url',
  );

/**
 * A field the spec's client sends back and the server never reads (the read-only fields of a
 * form it posts whole). Whatever it holds, the global input rule (plugins/input-rules.ts) has
 * already refused control characters in it, and the body limit caps it.
 */
export const ignored = () => withRule(z.unknown(), 'ignored').optional();

export const MAX_PRICE = 100_000;

/** An amount of money in dollars, as the API sends it: 0 or more, at most 2 decimals. */
export const dollars = (label: string) =>
  z
    .number(`${label} must be a number`)
    .min(0, `${label} must be 0 or more`)
    .max(MAX_PRICE, `${label} must be at most ${MAX_PRICE}`)
    // 0.29 * 100 is 28.999999999999996: compare with a tolerance, not exactly.
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      message: `${label} can have at most 2 decimals`,
    });

/** What a phone input keeps as the user types or pastes: digits only, at most 10. */
export const phoneDigits = (value: string) => value.replace(/\D/g, '').slice(0, PHONE_DIGITS);
