// The ids a collection's seed items get: the item path's own example first, then the ids other
// creations' examples name, then ids of the kind the schema gives (integer, digits, a uuid, an IP
// address, or what its pattern allows), the same on every start.
import fc from 'fast-check';
import {
  type CollectionSpec,
  ecmaPattern,
  generationPattern,
  mergeAllOf,
  propertiesOf,
  referencedCollection,
  validatorOfView,
} from '../../spec/core.js';

type Schema = Record<string, unknown>;

/** The seed's ids: 1, 2, 3… (what the store would have assigned), the first the one the item path's
 * own example names (`prj_demo`), so requests built from the document's examples find it. What a
 * read's answer requires beyond the list's items is added to each. */
export function withIds(
  spec: CollectionSpec,
  shown: unknown[],
  readOnly: Record<string, unknown>,
  specs: readonly CollectionSpec[],
  /** The items are the document's example: their own ids are kept where they fit. */
  keepOwn = false,
  requestExamples: readonly RequestExample[] = [],
): unknown[] {
  const named = exampleId(spec);
  const byExamples = [...namedByExamples(spec, specs), ...namedInRequests(spec, specs, requestExamples)];
  // The path's example first, then the ids other creations' examples name (an event's `main-hall`).
  const ids = [...new Set([...(named !== undefined ? [named] : []), ...byExamples])];
  // The list example's own ids next (a part `CH-1` that a line example names), each once, where
  // they fit the id; the counter's ids for the rest (and for generated items).
  const idSchema = propertiesOf(spec.list?.items.schema)[spec.idProperty];
  const fits = idSchema && typeof idSchema === 'object' ? validatorOfView(idSchema) : undefined;
  const used = new Set(ids.map(String));
  let counter = firstCounter(spec);
  const nextCounted = () => {
    let id = idValue(spec, counter++);
    while (used.has(String(id))) id = idValue(spec, counter++);
    return id;
  };
  return shown.map((item, index) => {
    if (typeof item !== 'object' || item === null) return item;
    const own = (item as Record<string, unknown>)[spec.idProperty];
    const kept =
      keepOwn &&
      (typeof own === 'string' || typeof own === 'number') &&
      fits?.(own).length === 0 &&
      !used.has(String(own))
        ? own
        : undefined;
    const id = ids[index] ?? kept ?? nextCounted();
    used.add(String(id));
    return { ...readOnly, ...item, [spec.idProperty]: id };
  });
}

/** The ids other collections' creation examples name in members referring to this collection
 * (`venueId: main-hall` in POST /events' example), where they fit the id: a request built from the
 * document's examples then names an item that exists. */
function namedByExamples(spec: CollectionSpec, specs: readonly CollectionSpec[]): (string | number)[] {
  const idSchema = propertiesOf(spec.list?.items.schema)[spec.idProperty];
  const validate = idSchema && typeof idSchema === 'object' ? validatorOfView(idSchema) : undefined;
  if (spec.path.includes('{') || !validate) return [];
  return specs.flatMap((other) => {
    const create = other === spec ? undefined : other.create?.operation;
    const examples = create?.requestBody?.content.flatMap((media) => media.examples) ?? [];
    return examples.flatMap((example) =>
      Object.entries(typeof example === 'object' && example !== null ? example : {}).flatMap(([member, value]) =>
        (typeof value === 'string' || typeof value === 'number') &&
        referencedCollection(member, specs, other) === spec &&
        validate(value).length === 0
          ? [value]
          : [],
      ),
    );
  });
}

/** A request body's example, with the path of the operation it is sent to. */
export interface RequestExample {
  readonly path: string;
  readonly example: unknown;
}

/** Members of an example at any depth (a cart's `lines[].sku`), with their values. */
function membersDeep(value: unknown, depth = 0): Array<[string, unknown]> {
  if (depth > 3 || typeof value !== 'object' || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((entry) => membersDeep(entry, depth + 1));
  return Object.entries(value).flatMap(([member, held]) => [
    [member, held] as [string, unknown],
    ...membersDeep(held, depth + 1),
  ]);
}

/** The ids any request example names in members referring to this collection, at any depth (`sku:
 * SKU-1002` in POST /carts/{cartId}/lines, `lines[].sku` in POST /carts), where they fit the id: a
 * request copied from the document then names an item that exists. */
function namedInRequests(
  spec: CollectionSpec,
  specs: readonly CollectionSpec[],
  requestExamples: readonly RequestExample[],
): (string | number)[] {
  const idSchema = propertiesOf(spec.list?.items.schema)[spec.idProperty];
  const validate = idSchema && typeof idSchema === 'object' ? validatorOfView(idSchema) : undefined;
  if (spec.path.includes('{') || !validate) return [];
  return requestExamples.flatMap(({ path, example }) => {
    // The collection the request is below (a cart's lines are the cart's): its own members name it.
    const own = specs
      .filter((other) => path === other.path || path.startsWith(`${other.path}/`))
      .sort((a, b) => b.path.length - a.path.length)[0];
    if (own === spec) return [];
    return membersDeep(example).flatMap(([member, value]) =>
      (typeof value === 'string' || typeof value === 'number') &&
      referencedCollection(member, specs, own) === spec &&
      validate(value).length === 0
        ? [value]
        : [],
    );
  });
}

/** The id the item path parameter's example names, typed as the item's id, where it fits both. */
function exampleId(spec: CollectionSpec): string | number | undefined {
  const item = spec.read ?? spec.update ?? spec.replace ?? spec.remove;
  const parameter = item?.operation.parameters.find((p) => p.in === 'path' && p.name === item.parameter);
  const example = parameter?.examples[0];
  if (example === undefined || parameter!.validator.validate(example).length > 0) return undefined;
  const typed = typeof idValue(spec, 1) === 'number' ? Number(example) : String(example);
  const idSchema = propertiesOf(spec.list?.items.schema)[spec.idProperty];
  const validate = idSchema && typeof idSchema === 'object' ? validatorOfView(idSchema) : undefined;
  if (typeof typed === 'number' && !Number.isSafeInteger(typed)) return undefined;
  return validate && validate(typed).length > 0 ? undefined : typed;
}

/** Whether a schema takes strings (type "string", or a list of types that holds it: [string, null]). */
const takesString = (schema: Schema | undefined): boolean => {
  const type = schema?.type;
  return type === 'string' || (Array.isArray(type) && type.includes('string'));
};

/** Ids of a string format, the n-th of each: unique, valid, and the same on every start. */
const FORMATTED_IDS: Readonly<Record<string, (counter: number) => string>> = {
  uuid: (counter) => `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`,
  ipv4: (counter) => `10.${(counter >>> 16) & 255}.${(counter >>> 8) & 255}.${counter & 255}`,
  ipv6: (counter) => `2001:db8::${counter.toString(16)}`,
};

const constrainsString = (schema: Schema | undefined): schema is Schema =>
  schema !== undefined &&
  takesString(schema) &&
  (typeof schema.pattern === 'string' || Object.hasOwn(FORMATTED_IDS, schema.format as string));

/** The schema an id must fit: the id property's, and where that says only "a string", the item
 * path parameter's (Twilio's UserSid: a plain string property, a parameter of pattern US[0-9a-f]{32}),
 * so the mock never refuses, in a path, an id it assigned. */
function idSchemaOf(spec: CollectionSpec): Schema {
  const schema = (spec.create?.item.schema ?? spec.list?.items.schema) as Schema | undefined;
  // 3.1's `{$ref: Uuid, readOnly: true}` reads as an allOf around the referenced schema.
  const property = mergeAllOf((propertiesOf(schema)[spec.idProperty] ?? {}) as Schema) as Schema;
  if (!takesString(property) || constrainsString(property)) return property;
  // The operations of one item may disagree (DigitalOcean's read takes any string, its delete a
  // uuid): the first that constrains the id is the one every id must fit.
  const parameterSchemas = [spec.read, spec.replace, spec.update, spec.remove].map(
    (item) =>
      item?.operation.parameters.find((p) => p.in === 'path' && p.name === item.parameter)?.validator.schema as
        | Schema
        | undefined,
  );
  return parameterSchemas.find(constrainsString) ?? property;
}

/** The first number a counted id takes: 1, or an integer id's schema minimum above it (work orders
 * numbered "starting at 1000" under `minimum: 1000`), so no id the mock gives breaks its schema. */
export function firstCounter(spec: CollectionSpec): number {
  const idSchema = idSchemaOf(spec);
  if (takesString(idSchema)) return 1;
  const { minimum, exclusiveMinimum } = idSchema;
  // 3.0 says an exclusive minimum as `exclusiveMinimum: true` beside `minimum`.
  const floors = [
    typeof minimum === 'number' ? (exclusiveMinimum === true ? Math.floor(minimum) + 1 : Math.ceil(minimum)) : 1,
    typeof exclusiveMinimum === 'number' ? Math.floor(exclusiveMinimum) + 1 : 1,
  ];
  const first = Math.max(1, ...floors);
  return Number.isSafeInteger(first) ? first : 1;
}

/** An id of the kind the document's schema gives (integer, or string: digits, a uuid, an IP address,
 * or what its pattern allows). */
export function idValue(spec: CollectionSpec, counter: number): number | string {
  return idOfSchema(idSchemaOf(spec), counter);
}

/** An id the schema takes, unique by the counter: a number, or a string of its format or pattern. */
export function idOfSchema(idSchema: Schema, counter: number): number | string {
  if (!takesString(idSchema)) return counter;
  const format = idSchema.format as string;
  if (Object.hasOwn(FORMATTED_IDS, format)) return FORMATTED_IDS[format]!(counter);
  if (typeof idSchema.pattern === 'string') return patternedId(idSchema.pattern, counter);
  return String(counter);
}

/**
 * An id its pattern accepts (Twilio's "^SK[0-9a-fA-F]{32}$", "^aia_asst_.+$"): drawn from the
 * pattern with the counter as the seed, the counter appended where the pattern still holds, so ids
 * stay unique and the same on every start.
 */
function patternedId(pattern: string, counter: number): string {
  try {
    const regex = ecmaPattern(pattern);
    // Of a few draws, one of plain characters if there is one: an id travels in paths and shells.
    // Drawn whole (anchored): an unanchored pattern would let fast-check pad the id with any text.
    const whole = `^(?:${generationPattern(pattern)})$`;
    const draws = fc.sample(fc.stringMatching(ecmaPattern(whole)), { numRuns: 20, seed: counter });
    const valid = draws.filter((draw) => regex.test(draw));
    const drawn = valid.find((draw) => /^[\w.-]+$/.test(draw)) ?? valid[0];
    if (drawn === undefined) return String(counter);
    return regex.test(`${drawn}${counter}`) ? `${drawn}${counter}` : drawn;
  } catch {
    return String(counter);
  }
}
