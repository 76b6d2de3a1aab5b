// Seed data for the store, checked against the document's list schema (seed-file.ts reads a file).
import fc from 'fast-check';
import {
  type CollectionSpec,
  type DerivedTime,
  describeIssues,
  ecmaPattern,
  filledInOf,
  filledValues,
  generationPattern,
  itemsIn,
  mergeAllOf,
  propertiesOf,
  type SchemaIssue,
  type StateCount,
  validatorOfView,
  withDerivedTimes,
  withSums,
} from '../../spec/core.js';
import { sampleValue, seedOf, valueArbitrary, withOrderedSpans } from '../../spec/generate/index.js';
import { linkedSeeds } from './seed-links.js';
import { Collection, type Item } from './store.js';

/** An array (for the collection named like the file, else the first) or an object keyed by path. */
export type SeedData = readonly unknown[] | Readonly<Record<string, readonly unknown[]>>;

export class SeedError extends Error {}

function itemsByCollection(
  data: SeedData,
  name: string | undefined,
  specs: readonly CollectionSpec[],
  builtIn: boolean,
): Map<string, unknown[]> {
  if (Array.isArray(data)) {
    // The built-in seed belongs to the collection named like its file, and to no other.
    const target = specs.find((spec) => spec.path === `/${name}`) ?? (builtIn ? undefined : specs[0]);
    return new Map(target ? [[target.path, [...data]]] : []);
  }
  if (typeof data !== 'object' || data === null)
    throw new SeedError('seed data must be an array or an object of arrays keyed by path');
  const entries = Object.entries(data as Record<string, unknown[]>);
  for (const [path, items] of entries) {
    if (!specs.some((spec) => spec.path === path))
      throw new SeedError(`seed data names ${path}, which is no mocked collection`);
    if (!Array.isArray(items)) throw new SeedError(`seed data for ${path} must be an array`);
  }
  return new Map(entries.map(([path, items]) => [path, [...items]]));
}

/** Builds every collection, seeded and validated; ids must be unique integers. */
export interface SeedOptions {
  readonly name?: string;
  readonly maxItems: number;
  /** The package's own seed: used only where it fits (the Pet Catalog's categories). */
  readonly builtIn?: boolean;
  /** Collections without seed data start from the document's list example, else generated items. */
  readonly fromDocument?: boolean;
  /** Times the words derive from others (`dueAt` = `loanedAt` + 14 days), set on generated items. */
  readonly derived?: (spec: CollectionSpec) => readonly DerivedTime[];
  /** Counts of the items naming an item in some states (tickets in paid orders), set on generated
   * items from the seeded items that name them. */
  readonly stateCounts?: (spec: CollectionSpec) => readonly StateCount[];
}

/** Items a collection starts with: its list example's (envelope or bare), else a few generated
 * ones (never none: reads by id, of read-only collections too, work from the start). */
const SEEDED_ITEMS = 3;

function documentItems(spec: CollectionSpec, specs: readonly CollectionSpec[], options: SeedOptions): unknown[] {
  const list = spec.list;
  if (!list) return [];
  const media = list.operation.responses
    .find((response) => Number(response.status) === list.success.status)
    ?.content.find((m) => m.validator === list.success.validator);
  const example = media?.examples.find((value) => list.success.validator.validate(value).length === 0);
  const shown: unknown[] = (example !== undefined && itemsIn(list.items, example)) || [];
  if (shown.length > 0) return withIds(spec, shown, readMembersOf(spec));
  // Items the document does not list get what a service gives: the first put together from what the
  // document shows of its members (assembled.ts), made now, no later state yet, no children yet.
  const filled = filledValues(filledInOf(spec, list.items.schema, specs), {});
  for (let extra = 0; extra < SEEDED_ITEMS; extra++) {
    const item = sampleValue(list.items.validator, [], seedOf(`${spec.path}:item`, extra))?.value;
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
      if (extra === 0 || !shown.some((other) => JSON.stringify(other) === JSON.stringify(item)))
        shown.push({ ...item, ...filled });
      else shown.push({ ...randomItem(spec, extra), ...filled });
    } else if (item !== undefined) shown.push(item);
  }
  const derived = options.derived?.(spec) ?? [];
  const summed = shown.map((item) =>
    // A span's end after its start (startsAt/endsAt filled with one instant would end as it starts).
    typeof item === 'object' && item !== null
      ? withDerivedTimes(withSums(withOrderedSpans(item as Item)), derived)
      : item,
  );
  return withIds(spec, summed, readMembersOf(spec));
}

/** A generated item: the seeds after the first, which is the document's own. */
function randomItem(spec: CollectionSpec, extra: number): Record<string, unknown> {
  const [item] = fc.sample(valueArbitrary(spec.list!.items.schema, { style: 'plain' }), {
    numRuns: 1,
    seed: seedOf(`${spec.path}:item`, extra),
  });
  const valid = spec.list!.items.validator.validate(item).length === 0;
  return valid && typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
}

/** The seed's ids: 1, 2, 3… (what the store would have assigned), the first the one the item path's
 * own example names (`prj_demo`), so requests built from the document's examples find it. What a
 * read's answer requires beyond the list's items is added to each. */
function withIds(spec: CollectionSpec, shown: unknown[], readOnly: Record<string, unknown>): unknown[] {
  const named = exampleId(spec);
  return shown.map((item, index) =>
    typeof item === 'object' && item !== null
      ? {
          ...readOnly,
          ...item,
          [spec.idProperty]: index === 0 && named !== undefined ? named : idValue(spec, index + 1),
        }
      : item,
  );
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

/** Members a read's answer requires beyond the list's items, with a valid value each (none where
 * the read answers what the list shows). */
function readMembersOf(spec: CollectionSpec): Record<string, unknown> {
  const read = spec.read?.item;
  const listed = spec.list?.items.schema;
  if (!read?.validator || read.schema === listed) return {};
  const sample = sampleValue(read.validator, [], seedOf(`${spec.path}:read`))?.value;
  if (typeof sample !== 'object' || sample === null || Array.isArray(sample)) return {};
  const listedMembers = new Set(Object.keys(propertiesOf(listed)));
  return Object.fromEntries(Object.entries(sample).filter(([name]) => !listedMembers.has(name)));
}

/** What is wrong with seed items, each told at its index. */
function issuesOf(spec: CollectionSpec, items: readonly unknown[]): SchemaIssue[] {
  const validator = spec.list?.items.validator;
  if (!validator) return [];
  return items.flatMap((item, index) =>
    validator.validate(item).map((issue) => ({ ...issue, pointer: `/${index}${issue.pointer}` })),
  );
}

type Schema = Record<string, unknown>;

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

/** An id of the kind the document's schema gives (integer, or string: digits, a uuid, an IP address,
 * or what its pattern allows). */
export function idValue(spec: CollectionSpec, counter: number): number | string {
  const idSchema = idSchemaOf(spec);
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

function fits(spec: CollectionSpec, items: readonly unknown[]): boolean {
  return issuesOf(spec, items).length === 0;
}

export function seedCollections(
  specs: readonly CollectionSpec[],
  data: SeedData | undefined,
  options: SeedOptions,
): Map<string, Collection> {
  const given = data
    ? itemsByCollection(data, options.name, specs, options.builtIn === true)
    : new Map<string, unknown[]>();
  const collections = new Map<string, Collection>();
  // Which collections count each one's items by state (tickets in paid orders), read once.
  const countedBy = new Map<string, { spec: CollectionSpec; rules: readonly StateCount[] }[]>();
  for (const spec of specs) {
    const rules = options.stateCounts?.(spec) ?? [];
    for (const path of new Set(rules.map((rule) => rule.collection)))
      countedBy.set(path, [
        ...(countedBy.get(path) ?? []),
        { spec, rules: rules.filter((r) => r.collection === path) },
      ]);
  }
  for (const spec of specs) {
    let items = given.get(spec.path);
    if (items && options.builtIn && !fits(spec, items)) items = undefined;
    const idFor = (counter: number) => idValue(spec, counter);
    // The document's own items are drawn on first use; they fit by construction, else none. Their
    // counts of children are those of the seeded children each seeded item gets.
    const seed =
      items === undefined && options.fromDocument
        ? () =>
            linkedSeeds(spec, specs, collections, fromDocument(spec, specs, options.maxItems, options), {
              stateCounts: options.stateCounts?.(spec) ?? [],
              fits: (items) => fits(spec, items),
              countedBy: countedBy.get(spec.path) ?? [],
              fitsOf: fits,
            })
        : checkedItems(spec, items ?? [], options.maxItems);
    const collection = new Collection(spec.idProperty, options.maxItems, seed, idFor);
    collection.seedUnder = parentMembersOf(spec, specs);
    collections.set(spec.path, collection);
  }
  return collections;
}

/** How a seeded child reads under another seeded parent: its parent members are that parent's. */
function parentMembersOf(spec: CollectionSpec, specs: readonly CollectionSpec[]): Collection['seedUnder'] {
  const schema = spec.list?.items.schema ?? spec.create?.item.schema;
  const parents = filledInOf(spec, schema, specs).parents;
  if (parents.length === 0) return undefined;
  const parentOnly = { now: [], laterStates: [], parents, owners: [], counts: [], referrers: [] };
  return (params) => {
    const values = filledValues(parentOnly, params);
    return (item) => ({ ...item, ...values });
  };
}

/** Given items, checked against the document: a seed that does not fit is refused at start. */
function checkedItems(spec: CollectionSpec, items: readonly unknown[], maxItems: number): Item[] {
  const issues = issuesOf(spec, items);
  if (issues.length > 0)
    throw new SeedError(`seed data for ${spec.path} does not match the document: ${describeIssues(issues)}`);
  const ids = new Set<unknown>();
  for (const item of items as Item[]) {
    const id = item[spec.idProperty];
    const usable = Number.isSafeInteger(id) || (typeof id === 'string' && id !== '');
    if (!usable || ids.has(id))
      throw new SeedError(`seed data for ${spec.path}: ${spec.idProperty} ${JSON.stringify(id)} is not a unique id`);
    ids.add(id);
  }
  if (items.length > maxItems)
    throw new SeedError(`seed data for ${spec.path} holds more than --max-categories (${maxItems}) items`);
  return items.map((item) => Object.freeze({ ...(item as Item) }));
}

/** The document's items for a collection (its list example's, else generated), or none where they
 * would not fit: drawn during a request, so never an error. */
function fromDocument(
  spec: CollectionSpec,
  specs: readonly CollectionSpec[],
  maxItems: number,
  options: SeedOptions,
): Item[] {
  try {
    const shown = documentItems(spec, specs, options);
    return fits(spec, shown) ? checkedItems(spec, shown, maxItems) : [];
  } catch {
    return [];
  }
}
