// The least a creation body can ask: every number at its schema's minimum (1 where none is given),
// in list entries too. A conflict over amounts (more tickets than a type allows per order, more than
// a stock holds) goes away then; a conflict with the request itself does not.
import { type JsonSchema, propertiesOf } from '../../spec/index.js';
import type { TestCase } from '../model.js';

type Body = Record<string, unknown>;

function least(schema: JsonSchema | undefined): number {
  const { minimum, exclusiveMinimum, type } = (schema ?? {}) as {
    minimum?: unknown;
    exclusiveMinimum?: unknown;
    type?: unknown;
  };
  if (typeof minimum === 'number') return minimum;
  if (typeof exclusiveMinimum === 'number') return type === 'integer' ? exclusiveMinimum + 1 : exclusiveMinimum + 0.01;
  return 1;
}

function smaller(value: unknown, schema: JsonSchema | undefined): unknown {
  if (typeof value === 'number') return Math.min(value, least(schema));
  if (Array.isArray(value)) {
    const items = (schema as { items?: JsonSchema } | undefined)?.items;
    return value.map((entry) => smaller(entry, items));
  }
  if (typeof value === 'object' && value !== null) {
    const properties = propertiesOf(schema);
    return Object.fromEntries(Object.entries(value as Body).map(([name, v]) => [name, smaller(v, properties[name])]));
  }
  return value;
}

/** The case asking for the least its body can, where that differs from what it asked and is valid. */
export function smallerAsk(
  testCase: TestCase,
  request: { readonly schema: JsonSchema; isValid(value: unknown): boolean } | undefined,
): TestCase | undefined {
  const payload = testCase.payload;
  if (payload?.kind !== 'json' || !request) return undefined;
  const value = smaller(payload.value, request.schema);
  if (JSON.stringify(value) === JSON.stringify(payload.value) || !request.isValid(value)) return undefined;
  return { ...testCase, payload: { kind: 'json', value }, label: `${testCase.label} (the least it can ask)` };
}
