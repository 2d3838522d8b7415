import type { z } from 'zod';
import { inputRuleOf } from './fields';

/**
 * Finds the strings of a request schema that skip the input rule (ADR 009): a string field
 * that no builder of fields.ts made, or one without a maximum length, or a field that takes
 * anything. The input-rule suites run it over every route's body, query and path schemas, so a
 * route or a field cannot forget the rule.
 */

export type InputRuleProblem = { path: string; problem: string };

type Schema = z.core.$ZodType;
type Def = z.core.$ZodTypeDef & Record<string, unknown>;

const defOf = (schema: Schema) => schema._zod.def as Def;

/** Types that hold no string, or only one of a closed set (enums and literals). */
const CLOSED = new Set([
  'number',
  'int',
  'bigint',
  'boolean',
  'null',
  'undefined',
  'void',
  'never',
  'nan',
  'literal',
  'enum',
  'date',
  'transform',
]);

/** Wrappers whose input is their inner type's. */
const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'catch',
  'readonly',
  'nonoptional',
  'success',
]);

/**
 * The cap a string schema puts on its length, through the stages of a pipe (text is trimmed
 * and normalised, then capped) and its wrappers; null when nothing caps it.
 */
export function maxLengthOf(schema: Schema): number | null {
  const def = defOf(schema);
  if (def.type === 'string') return (schema as unknown as { maxLength: number | null }).maxLength;
  if (def.type === 'pipe') {
    const caps = [maxLengthOf(def.in as Schema), maxLengthOf(def.out as Schema)].filter(
      (cap): cap is number => cap !== null,
    );
    return caps.length ? Math.min(...caps) : null;
  }
  if (WRAPPERS.has(def.type)) return maxLengthOf(def.innerType as Schema);
  return null;
}

const at = (path: string, key: string) => (path ? `${path}.${key}` : key);

export function inputRuleProblems(schema: Schema, path = ''): InputRuleProblem[] {
  const field = path || '(root)';
  const rule = inputRuleOf(schema as z.ZodType);
  if (rule === 'ignored') return [];
  if (rule) {
    return maxLengthOf(schema) === null
      ? [{ path: field, problem: `follows the '${rule}' rule but has no maximum length` }]
      : [];
  }
  const def = defOf(schema);
  const walk = (inner: unknown, innerPath: string) => inputRuleProblems(inner as Schema, innerPath);
  switch (def.type) {
    case 'string':
      return [
        { path: field, problem: 'is a string without the input rule (use a field builder of fields.ts)' },
      ];
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const problems = Object.entries(shape).flatMap(([key, inner]) => walk(inner, at(path, key)));
      const catchall = def.catchall as Schema | undefined;
      // strictObject's catchall is never; a loose object would pass unknown fields through.
      return catchall ? [...problems, ...walk(catchall, at(path, '*'))] : problems;
    }
    case 'array':
      return walk(def.element, `${path}[]`);
    case 'tuple':
      return [
        ...(def.items as Schema[]).flatMap((item, index) => walk(item, `${path}[${index}]`)),
        ...(def.rest ? walk(def.rest, `${path}[]`) : []),
      ];
    case 'union':
      return (def.options as Schema[]).flatMap((option) => walk(option, path));
    case 'intersection':
      return [...walk(def.left, path), ...walk(def.right, path)];
    case 'record':
      return [...walk(def.keyType, at(path, '(key)')), ...walk(def.valueType, at(path, '*'))];
    case 'pipe':
      return [...walk(def.in, path), ...walk(def.out, path)];
    case 'lazy':
      return walk((def.getter as () => Schema)(), path);
    default:
      if (WRAPPERS.has(def.type)) return walk(def.innerType, path);
      if (CLOSED.has(def.type)) return [];
      return [{ path: field, problem: `takes anything (${def.type}) without an input rule` }];
  }
}
