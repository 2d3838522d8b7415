import { z } from 'zod';

/** Reusable field schemas: one definition of every common field, used by server and web. */

export const PHONE_DIGITS = 10;

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

export const phone = z
  .string()
  .trim()
  .regex(/^\d{10}$/, `Phone must be exactly ${PHONE_DIGITS} digits`);

export const password = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

/**
 * Control characters no text field takes (C0 and DEL): a NUL cannot even be stored by
 * PostgreSQL, and an escape sequence in a name is an attack on whoever prints it. Tab, line feed
 * and carriage return are left to the field's own rule (one line, or several).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LINE_BREAKS = /[\t\n\r]/;

type TextOptions = { /** Line breaks allowed (a description, a note). */ multiline?: boolean };

/** Trimmed, NFC-normalised text with no control character, on one line unless `multiline`. */
const text = (label: string, max: number, { multiline = false }: TextOptions) =>
  z
    .string(`${label} is required`)
    .trim()
    .transform((value) => value.normalize('NFC'))
    .pipe(
      z
        .string()
        .max(max, `${label} must be at most ${max} characters`)
        .refine((value) => !CONTROL_CHARACTERS.test(value), `${label} must not contain control characters`)
        .refine((value) => multiline || !LINE_BREAKS.test(value), `${label} must be on one line`),
    );

/** A required line of text, trimmed, with a cap so no field can grow without bound. */
export const requiredText = (label: string, max = 100, options: TextOptions = {}) =>
  text(label, max, options).pipe(z.string().min(1, `${label} is required`));

export const latitude = z.number().min(-90).max(90);
export const longitude = z.number().min(-180).max(180);

/** Opaque single-use tokens sent by email links (base64url). */
export const emailToken = z
  .string()
  .trim()
  .min(16, 'Invalid token')
  .max(200, 'Invalid token')
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid token');

/** PostgreSQL's integer: a larger id cannot exist, and must not reach a query as one. */
export const MAX_ID = 2_147_483_647;
export const id = z.coerce.number().int().positive().max(MAX_ID);

/** Optional free text, trimmed, with a cap. */
export const optionalText = (label: string, max: number, options: TextOptions = {}) =>
  text(label, max, options).optional();

export const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** An IANA time zone name such as America/New_York (DESIGN.md §4: every restaurant has one). */
export const timeZone = z
  .string('Time zone is required')
  .trim()
  .min(1, 'Time zone is required')
  .max(64, 'Unknown time zone')
  .refine(isTimeZone, 'Unknown time zone');

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
