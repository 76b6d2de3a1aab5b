// Seed data for the store, checked against the document's list schema (seed-file.ts reads a file).
import fc from 'fast-check';
import {
  type CallerNames,
  type CollectionSpec,
  type DerivedTime,
  describeIssues,
  filledInOf,
  filledValues,
  itemsIn,
  pathNamesParents,
  propertiesOf,
  type SchemaIssue,
  type StateCount,
  withDerivedTimes,
  withSums,
} from '../../spec/core.js';
import { sampleValue, seedOf, valueArbitrary, withOrderedSpans } from '../../spec/generate/index.js';
import type { StateMoves } from './behaviour-types.js';
import { formulasFor, withFormulas } from './formula-values.js';
import { itemWordOf, plausibleSeed } from './plausible-seeds.js';
import { firstCounter, idValue, type RequestExample, withIds } from './seed-ids.js';
import { linkedSeeds } from './seed-links.js';
import { withCoherentState } from './state-moves.js';
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
  /** The document's request examples, each with its operation's path: ids they name in members
   * referring to a collection (`sku: SKU-1002` in a line's example) are that collection's seeds. */
  readonly requestExamples?: readonly RequestExample[];
  /** Times the words derive from others (`dueAt` = `loanedAt` + 14 days), set on generated items. */
  readonly derived?: (spec: CollectionSpec) => readonly DerivedTime[];
  /** Counts of the items naming an item in some states (tickets in paid orders), set on generated
   * items from the seeded items that name them. */
  readonly stateCounts?: (spec: CollectionSpec) => readonly StateCount[];
  /** Who the caller is (the document's current user): generated items' owners are that caller. */
  readonly caller?: () => CallerNames | undefined;
  /** The instants each state stamps, and the first state: generated items are made to agree. */
  readonly stateInstants?: (spec: CollectionSpec) => { moves?: StateMoves; first?: unknown };
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
  // The list example's own ids are kept (a part `CH-1` a line example names); generated ones are not.
  if (shown.length > 0) return withIds(spec, shown, readMembersOf(spec), specs, true, options.requestExamples);
  // Items the document does not list get what a service gives: the first put together from what the
  // document shows of its members (assembled.ts), made now, no later state yet, no children yet.
  const filled = filledValues(filledInOf(spec, list.items.schema, specs), {}, new Date(), options.caller?.());
  const believable = believableSeeds(spec, Object.keys(filled));
  for (let extra = 0; extra < SEEDED_ITEMS; extra++) {
    const item = sampleValue(list.items.validator, [], seedOf(`${spec.path}:item`, extra))?.value;
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
      const drawn =
        extra === 0 || !shown.some((other) => JSON.stringify(other) === JSON.stringify(item))
          ? item
          : randomItem(spec, extra);
      shown.push(believable({ ...drawn, ...filled }, extra + 1));
    } else if (item !== undefined) shown.push(item);
  }
  const derived = options.derived?.(spec) ?? [];
  const { formulas } = formulasFor(spec);
  const { moves, first } = options.stateInstants?.(spec) ?? {};
  const summed = shown.map((item) =>
    // A span's end after its start (startsAt/endsAt filled with one instant would end as it starts).
    typeof item === 'object' && item !== null
      ? withDerivedTimes(
          withFormulas(withSums(withOrderedSpans(withCoherentState(item as Item, moves, first))), formulas),
          derived,
        )
      : item,
  );
  return withIds(spec, summed, readMembersOf(spec), specs, false, options.requestExamples);
}

/** Makes a generated item's unshown members plausible (plausible-seeds.ts), the filled ones kept. */
function believableSeeds(spec: CollectionSpec, filled: readonly string[]) {
  const list = spec.list!.items;
  const keep = new Set([...filled, spec.idProperty]);
  const properties = propertiesOf(list.schema);
  const word = itemWordOf(spec.path);
  const now = Date.now();
  return (item: Item, ordinal: number): Item =>
    plausibleSeed(item, properties, list.validator, { word, ordinal, now }, keep);
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
    const collection = new Collection(spec.idProperty, options.maxItems, seed, idFor, undefined, firstCounter(spec));
    collection.seedUnder = parentMembersOf(spec, specs);
    // Items read by id alone (`/books/{bookId}`) under parents: one id counter for every parent.
    if (spec.path.includes('{') && spec.read && !pathNamesParents(spec, spec.read))
      collection.sharedCounter = { value: firstCounter(spec), seededBy: collection, seededIds: new Set() };
    collections.set(spec.path, collection);
  }
  return collections;
}

/** How a seeded child reads under another seeded parent: its parent members are that parent's. */
function parentMembersOf(spec: CollectionSpec, specs: readonly CollectionSpec[]): Collection['seedUnder'] {
  const schema = spec.list?.items.schema ?? spec.create?.item.schema;
  const parents = filledInOf(spec, schema, specs).parents;
  if (parents.length === 0) return undefined;
  const parentOnly = {
    now: [],
    laterStates: [],
    parents,
    owners: [],
    ownerLogins: {},
    counts: [],
    lastNumbers: [],
    referrers: [],
  };
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
