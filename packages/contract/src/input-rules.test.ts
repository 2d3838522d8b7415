import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LoginBody } from './auth';
import {
  anyPassword,
  email,
  emailToken,
  inputRuleOf,
  isoDate,
  loginEmail,
  loginPassword,
  optionalText,
  password,
  phone,
  requiredText,
  timeOfDay,
  timeZone,
  token,
} from './fields';
import { inputRuleProblems, maxLengthOf } from './input-rules';
import { MAX_CUSTOMER_DETAILS, PlaceOrderBody } from './order';

/** Every request schema the contract exports, by the names the routes use for them. */
const REQUEST_SCHEMA_NAME = /(Body|Query|Params|Input)$/;

async function requestSchemas(): Promise<[string, z.ZodType][]> {
  const modules = readdirSync(new URL('.', import.meta.url)).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  const found: [string, z.ZodType][] = [];
  for (const file of modules) {
    const exports: Record<string, unknown> = await import(/* @vite-ignore */ `./${file}`);
    for (const [name, value] of Object.entries(exports))
      if (REQUEST_SCHEMA_NAME.test(name) && value instanceof z.ZodType)
        found.push([`${file} ${name}`, value]);
  }
  return found;
}

describe('the input rule over every request schema of the contract', () => {
  it('finds the request schemas', async () => {
    const names = (await requestSchemas()).map(([name]) => name);
    expect(names.length).toBeGreaterThan(30);
    expect(names).toContain('auth.ts LoginBody');
    expect(names).toContain('order.ts PlaceOrderBody');
  });

  it('gives every string field a rule and a maximum length', async () => {
    const problems = (await requestSchemas()).flatMap(([name, schema]) =>
      inputRuleProblems(schema).map(({ path, problem }) => `${name} ${path}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('fails a schema whose string skips the rule, naming the field', () => {
    const withoutRule = LoginBody.extend({ email: z.string().trim().max(254) });
    expect(inputRuleProblems(withoutRule)).toEqual([
      { path: 'email', problem: expect.stringMatching(/without the input rule/) },
    ]);
    // A bare string in front of a builder: the raw input meets the bare one first.
    const piped = z.object({ name: z.string().pipe(requiredText('Name')) });
    expect(inputRuleProblems(piped).map((found) => found.path)).toEqual(['name']);
    // A builder refined where it is used stays a builder (zod keeps the rule of a clone's parent).
    expect(inputRuleProblems(z.object({ name: requiredText('Name').refine(() => true) }))).toEqual([]);
    // Nested, in arrays, in unions, as record keys and values, behind optional and nullable.
    const nested = z.object({
      a: z.array(z.object({ b: z.string().optional() })),
      c: z.union([z.number(), z.string().nullable()]),
      d: z.record(z.string(), z.unknown()),
    });
    expect(inputRuleProblems(nested).map((found) => found.path)).toEqual(['a[].b', 'c', 'd.(key)', 'd.*']);
  });

  it('fails a field with a rule but no maximum length', () => {
    expect(maxLengthOf(requiredText('Name', 100))).toBe(100);
    expect(maxLengthOf(email)).toBe(254);
    // A cap dropped from a builder is found (the same walk over a hand-made schema).
    expect(maxLengthOf(z.string().trim())).toBeNull();
  });

  it('marks its builders, and only them', () => {
    for (const schema of [email, loginEmail, password, loginPassword, anyPassword, phone, emailToken])
      expect(inputRuleOf(schema)).toBeDefined();
    expect(inputRuleOf(z.string())).toBeUndefined();
    expect(inputRuleOf(requiredText('Name'))).toBe('text');
    expect(inputRuleOf(optionalText('Note', 10).unwrap())).toBe('text');
  });
});

describe('each rule refuses control characters and bounds the length', () => {
  const NUL = '\u0000';
  const cases: [string, z.ZodType, string][] = [
    ['text', requiredText('Name'), 'Ada'],
    ['email', email, 'ada@example.com'],
    ['login email', loginEmail, 'ada@example.com'],
    ['password', password, 'correct horse battery'],
    ['login password', loginPassword, 'x'],
    ['token', emailToken, 'abcdefghijklmnopqrstuvwxyz'],
    ['menu token', token(64), 'abc'],
    ['phone', phone, '5551234567'],
    ['date', isoDate('Date'), '2026-03-02'],
    ['time', timeOfDay, '09:30'],
    ['time zone', timeZone, 'Europe/Paris'],
  ];
  it.each(cases)('%s', (_name, schema, valid) => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse(`${valid}${NUL}`).success).toBe(false);
    expect(schema.safeParse(`${valid}\u001b[31m`).success).toBe(false);
    expect(schema.safeParse(`${valid}${'a'.repeat(10_000)}`).success).toBe(false);
  });
});

describe('passwords', () => {
  it('are kept exactly as typed: not trimmed, not normalised', () => {
    const spaced = '  pass word  ';
    expect(password.parse(spaced)).toBe(spaced);
    // "é" as e + combining acute: NFC would make it one character, and the hash would differ.
    const decomposed = 'cafe\u0301 au lait';
    expect(password.parse(decomposed)).toBe(decomposed);
    expect(loginPassword.parse(decomposed)).toBe(decomposed);
  });

  it('refuse a NUL with a message naming the password, and are capped', () => {
    expect(password.safeParse('long enough\u0000').error?.issues[0]?.message).toBe(
      'Password must not contain control characters',
    );
    expect(loginPassword.safeParse('x\u0000').success).toBe(false);
    expect(password.safeParse('x'.repeat(129)).error?.issues[0]?.message).toBe(
      'Password must be at most 128 characters',
    );
    expect(loginPassword.safeParse('').error?.issues[0]?.message).toBe('Password is required');
    expect(password.safeParse('short').error?.issues[0]?.message).toBe(
      'Password must be at least 8 characters',
    );
  });
});

describe('an order’s customer_details', () => {
  const order = (customer_details: unknown) => ({
    restaurant_id: 1,
    customer_details,
    order_items: [{ menu_item_id: 1, quantity: 1 }],
    order_type: 'pickup',
  });

  it('takes what the checkout sends', () => {
    const details = { customer_name: 'Ada', email: 'ada@example.com', phone_number: '5551234567' };
    expect(PlaceOrderBody.parse(order(details)).customer_details).toEqual(details);
    expect(PlaceOrderBody.parse(order(null)).customer_details).toBeNull();
    expect(PlaceOrderBody.parse(order({ customer_id: 4, is_guest: true, x: null })).customer_details).toEqual(
      {
        customer_id: 4,
        is_guest: true,
        x: null,
      },
    );
  });

  it('is bounded: keys, values and entries', () => {
    expect(PlaceOrderBody.safeParse(order({ ['k'.repeat(65)]: 'x' })).success).toBe(false);
    expect(PlaceOrderBody.safeParse(order({ 'a b': 'x' })).success).toBe(false);
    expect(PlaceOrderBody.safeParse(order({ note: 'x'.repeat(501) })).success).toBe(false);
    expect(PlaceOrderBody.safeParse(order({ note: 'two\nlines' })).success).toBe(false);
    expect(PlaceOrderBody.safeParse(order({ nested: { deep: 'x' } })).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: MAX_CUSTOMER_DETAILS + 1 }, (_, i) => [`k${i}`, i]));
    expect(PlaceOrderBody.safeParse(order(many)).error?.issues[0]?.message).toBe(
      `Customer details can have at most ${MAX_CUSTOMER_DETAILS} fields`,
    );
  });
});
