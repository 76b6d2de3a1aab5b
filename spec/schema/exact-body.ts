// Integers past 2^53 in a body, held to the schema's bounds to the digit. A validator judges them as
// doubles, where 9223372036854775808 equals the largest int64's bound (both are 2^63): the exact
// digits parseExact remembered are compared with the bounds the document means (exact-bounds.ts).

import { exactIntegerProblem } from '../json/exact-bounds.js';
import { exactDigitsOf, holdsExactDigits } from '../json/exact-json.js';
import { mergeAllOf } from './all-of.js';
import type { SchemaIssue } from './validators.js';

type Schema = Readonly<Record<string, unknown>>;

const KEYWORD_OF: Readonly<Record<string, string>> = { 'must be <=': 'maximum', 'must be >=': 'minimum' };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The schema a member (or an array's element) of a value must meet, allOf flattened. */
function schemaFor(schema: Schema, key: string, isArray: boolean): Schema | undefined {
  const merged = mergeAllOf(schema);
  if (isArray) return isObject(merged.items) ? merged.items : undefined;
  const properties = isObject(merged.properties) ? merged.properties : {};
  const member = Object.hasOwn(properties, key) ? properties[key] : merged.additionalProperties;
  return isObject(member) ? member : undefined;
}

/** What is out of bounds among the exact integers a parsed value holds (none for most bodies). */
export function exactBoundIssues(schema: unknown, value: unknown, pointer = ''): SchemaIssue[] {
  if (!holdsExactDigits() || !isObject(schema) || !isObject(value)) return [];
  const isArray = Array.isArray(value);
  const digits = exactDigitsOf(value);
  const issues: SchemaIssue[] = [];
  for (const [key, child] of Object.entries(value)) {
    const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const member = schemaFor(schema, key, isArray);
    const text = digits?.get(key);
    if (!member) continue;
    if (text !== undefined) {
      const problem = exactIntegerProblem(text, member);
      if (problem)
        issues.push({ pointer: at, keyword: KEYWORD_OF[problem.slice(0, 10)] ?? 'format', message: problem });
    } else if (isObject(child)) {
      issues.push(...exactBoundIssues(member, child, at));
    }
  }
  return issues;
}
