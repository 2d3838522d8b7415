import fc from 'fast-check';

/**
 * Other spellings of one value, for the tests that prove a rate limit, an Idempotency-Key and an
 * authorisation check see the value the schema makes of a request, not the characters it came
 * in (outside testing, SECURITY.md). The contract's ids are z.coerce.number, so Number() decides what they accept:
 * "02", " 2", "0x2", 2.0 and ["2"] are all 2. A field that takes only JSON numbers refuses the
 * string spellings with a 400, which is a clear answer too.
 */

/** A JSON number written as text of its own (2.0, 2e0), which JSON.stringify never produces. */
export class NumberLiteral {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold NumberLiterals. */
export function jsonText(value: unknown): string {
  if (value instanceof NumberLiteral) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, inner]) => `${JSON.stringify(key)}:${jsonText(inner)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** The examples of the finding, for a body's id: the number itself among them. */
export const idSpellings = (id: number): unknown[] => [
  String(id),
  `0${id}`,
  `00${id}`,
  ` ${id}`,
  id,
  new NumberLiteral(`${id}.0`),
  `${id}.0`,
  `\t${id}\n`,
  new NumberLiteral(`${id}e0`),
  `+${id}`,
];

/** The same in a path or a query, where every value is text. */
export const idTextSpellings = (id: number): string[] => [
  String(id),
  `0${id}`,
  `00${id}`,
  ` ${id}`,
  `${id}.0`,
];

/** What String.prototype.trim takes off (and so the contract's email and text fields). */
const TRIMMED = [' ', '\t', '\n', '\u00a0', '\u2028', '\u3000', '\ufeff'];

/**
 * One address in spellings the contract's email fields make the same (trimmed, lower-cased): case,
 * surrounding white space, and the Kelvin sign, which lower-cases to a plain k.
 */
export const emailSpellings = (email: string): string[] => [
  email,
  email.toUpperCase(),
  ` ${email[0]!.toUpperCase()}${email.slice(1)} `,
  `\u00a0${email.toUpperCase()}\t`,
  `\ufeff${email}\u3000`,
  email.replace(/k/g, '\u212a'),
];

/** Generated spellings of a non-negative whole number as text (a path, a query, a JSON string). */
export const numberTextArb = (value: number): fc.Arbitrary<string> => {
  const space = fc.string({ unit: fc.constantFrom(...TRIMMED), maxLength: 2 });
  const zeros = fc.nat({ max: 4 }).map((count) => '0'.repeat(count));
  const written = fc.oneof(
    zeros.map((padding) => `${padding}${value}`),
    zeros.map((padding) => `+${padding}${value}`),
    zeros.map((padding) => `${value}.${padding}`),
    fc.constantFrom(`${value}e0`, `${value}E+0`, `${value * 10}e-1`),
    fc.constantFrom(`0x${value.toString(16)}`, `0o${value.toString(8)}`, `0b${value.toString(2)}`),
  );
  return fc.tuple(space, written, space).map(([before, text, after]) => `${before}${text}${after}`);
};

/** Generated spellings of a whole number in a JSON body: a number literal, a string, a one-item array. */
export const numberArb = (value: number): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant(value) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(`${value}.0`, `${value}.00`, `${value}e0`, `${value}E0`, `${value * 10}e-1`)
        .map((text) => new NumberLiteral(text)),
    },
    { weight: 4, arbitrary: numberTextArb(value) },
    { weight: 1, arbitrary: numberTextArb(value).map((text) => [text]) },
  );

/** Generated spellings of one address the email fields make the same: any case, Kelvin signs, white space around. */
export const emailArb = (email: string): fc.Arbitrary<string> => {
  const space = fc.string({ unit: fc.constantFrom(...TRIMMED), maxLength: 2 });
  const letter = (character: string) =>
    fc.constantFrom(character, character.toUpperCase(), ...(character === 'k' ? ['\u212a'] : []));
  return fc
    .tuple(space, fc.tuple(...[...email].map(letter)), space)
    .map(([before, letters, after]) => `${before}${letters.join('')}${after}`);
};
