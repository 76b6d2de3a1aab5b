// Values the document names outright, each sent once as plain valid input: every value of an
// enum (of a body property, of a parameter, of their array items: one at a time and all at once,
// in the parameter's declared style and explode), and an empty array where minItems allows it.
// Random generation reaches some of them by chance; a service that refuses one it documents
// fails here on every seed.
import fc from 'fast-check';
import { valueArbitrary } from '../../../spec/generate/index.js';
import { isJsonMediaType, mergeAllOf, type Operation, propertiesOf } from '../../../spec/index.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import type { Planner } from '../planner.js';
import { carries, pathText, place, RESERVED_HEADERS } from '../serialize.js';

type Schema = Record<string, unknown>;

/** Past this many values an enum is sampled evenly, first and last included. */
const MOST_VALUES = 12;

function spread<T>(values: readonly T[]): T[] {
  if (values.length <= MOST_VALUES) return [...values];
  return Array.from(
    { length: MOST_VALUES },
    (_, index) => values[Math.round((index * (values.length - 1)) / (MOST_VALUES - 1))]!,
  );
}

interface Named {
  readonly value: unknown;
  readonly what: string;
}

/** The values a schema names: its enum's, or one-item (and all-item) arrays of its items' enum. */
function namedValues(schemaIn: unknown, inBody: boolean): Named[] {
  const schema = mergeAllOf((schemaIn ?? {}) as Schema);
  if (Array.isArray(schema.enum)) return spread(schema.enum).map((value) => ({ value, what: JSON.stringify(value) }));
  if (schema.type !== 'array') return [];
  const items = mergeAllOf((schema.items ?? {}) as Schema);
  const minItems = Number(schema.minItems ?? 0);
  const empty = inBody && minItems === 0 ? [{ value: [], what: '[] (no item: minItems allows it)' }] : [];
  if (!Array.isArray(items.enum)) return inBody ? empty : [...empty, ...twoValues(schema, items)];
  const values = spread(items.enum);
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
  const single = minItems <= 1 ? values.map((value) => ({ value: [value], what: `[${JSON.stringify(value)}]` })) : [];
  const all =
    values.length > 1 && values.length >= minItems && values.length <= maxItems
      ? [{ value: values, what: 'with every documented value at once' }]
      : [];
  return [...empty, ...single, ...all];
}

/** A parameter array of two distinct plain values, where it may hold two: the declared form with a
 * repeated name (`tags=a&tags=b`) or a delimiter is then sent on every seed, not only by chance. */
function twoValues(schema: Schema, items: Schema): Named[] {
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
  if (maxItems < 2 || Number(schema.minItems ?? 0) > 2) return [];
  const drawn = fc.sample(valueArbitrary(items, { style: 'plain' }), { numRuns: 8, seed: 2 });
  const distinct = [...new Map(drawn.map((value) => [JSON.stringify(value), value])).values()];
  return distinct.length >= 2 ? [{ value: distinct.slice(0, 2), what: 'with two values' }] : [];
}

function bodyCases(operation: Operation, context: PlanContext): TestCase[] {
  const request = context.requestSchema(operation);
  const mediaType = context.requestMediaType(operation);
  if (!request || !mediaType || !isJsonMediaType(mediaType)) return [];
  const cases: TestCase[] = [];
  for (const [name, schema] of Object.entries(propertiesOf(request.schema))) {
    for (const named of namedValues(schema, true)) {
      const [body] = context.plainBodies(operation, 1, `documented:${name}:${named.what}`);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) continue;
      const value = { ...(body as Schema), [name]: named.value };
      if (!request.isValid(value)) continue;
      cases.push(context.plainBodyCase(operation, value, `with ${name} ${named.what}`));
    }
  }
  return cases;
}

function parameterCases(operation: Operation, context: PlanContext): TestCase[] {
  const body = context.baselinePayload(operation);
  // Without a body the operation requires, every case would be refused for that alone.
  if (operation.requestBody?.required && !body.payload) return [];
  const cases: TestCase[] = [];
  const valid = context.parameters(operation, 'plain', 0);
  const pathParams = context.pathParams(operation, 'plain', 0);
  for (const parameter of operation.parameters) {
    if (parameter.in === 'header' && RESERVED_HEADERS.has(parameter.name.toLowerCase())) continue;
    // An item's path names the item: its values are the ids the run chose, never documented ones.
    if (parameter.in === 'path' && !isEnumerated(parameter)) continue;
    for (const named of namedValues(parameter.validator.schema, false)) {
      // A parameter has no null: it would go as the text "null" (request-shapes.ts).
      if (named.value === null || parameter.validator.validate(named.value).length > 0) continue;
      const others = valid.filter((placed) => !carries(placed, parameter));
      const fields: Partial<TestCase> =
        parameter.in === 'path'
          ? { pathParams: { ...pathParams, [parameter.name]: pathText(parameter, named.value) }, parameters: valid }
          : { pathParams, parameters: [...others, ...place(parameter, named.value)] };
      cases.push(
        context.testCase(operation, {
          kind: 'positive',
          plain: true,
          ...body,
          ...fields,
          what: `with ${parameter.in} parameter ${parameter.name} ${named.what}`,
        }),
      );
    }
  }
  return cases;
}

const isEnumerated = (parameter: Operation['parameters'][number]): boolean =>
  Array.isArray(mergeAllOf(parameter.validator.schema as Schema).enum);

export const documentedValuesPlanner: Planner = {
  name: 'documented-values',
  sends:
    'every enum value of each body property and parameter (array items one at a time and all at once), and an empty array where minItems allows it',
  plan(operation, context) {
    return { cases: [...bodyCases(operation, context), ...parameterCases(operation, context)] };
  },
};
