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

/** A required line of text, trimmed, with a cap so no field can grow without bound. */
export const requiredText = (label: string, max = 100) =>
  z
    .string(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const latitude = z.number().min(-90).max(90);
export const longitude = z.number().min(-180).max(180);

/** Opaque single-use tokens sent by email links (base64url). */
export const emailToken = z
  .string()
  .trim()
  .min(16, 'Invalid token')
  .max(200, 'Invalid token')
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid token');

export const id = z.coerce.number().int().positive();

/** What a phone input keeps as the user types or pastes: digits only, at most 10. */
export const phoneDigits = (value: string) => value.replace(/\D/g, '').slice(0, PHONE_DIGITS);
