// The filters of a list judged on an item: the list filtered by each member the model reads a
// filter for, at the item's value (the idiom scenario's item, or an item a read-only list holds).
import { type Filter, listedItems, mergeAllOf, propertiesOf, type Resource } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import type { IdiomEvidence, TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { carries, place } from '../serialize.js';
import { walkPages, withLargePages } from './pages.js';
import type { SequenceRunner } from './sequences.js';

/** The list filtered by each member the model reads a filter for, at the created item's value:
 * only matching items, the created one among them where the walk reached the end. */
export async function checkFilters(
  resource: Resource,
  item: Record<string, unknown>,
  parent: Readonly<Record<string, string>>,
  context: PlanContext,
  runner: SequenceRunner,
  id: string,
): Promise<void> {
  const { collection } = resource;
  const list = collection.list;
  for (const filter of list?.filters ?? []) {
    const member = filter.member ?? filter.parameter;
    const held = item[member];
    // A list member is filtered by one value it holds (one value: "any" and "all" agree); where the
    // document says every value must be held, by two it holds as well.
    const value = filter.contains ? (Array.isArray(held) ? held[0] : undefined) : held;
    if (!list || value === undefined || value === null || runner.stopped()) continue;
    const two = filter.all && Array.isArray(held) ? [...new Set(held.map(String))].slice(0, 2) : [];
    // Both orders: a service that reads only the first value shows it on whichever one is rarer.
    // The filter at other values too, where the item must not be listed: a service that ignores the
    // filter while the run's items all hold one value (every issue open), or reads the text "false"
    // as true, lists items of another value at one of them.
    const others = otherValues(filter, value, list.items.schema, member);
    for (const values of two.length === 2 ? [[value], two, [two[1], two[0]]] : [[value], ...others.map((v) => [v])]) {
      const base = context.testCase(list.operation, {
        kind: 'positive',
        plain: true,
        pathParams: parent,
        what: `filtered by ${filter.parameter}`,
      });
      const pinned = [...pinnedByDefaults(list, filter, item), ...everyItemAsked(list)];
      const kept = (base.parameters ?? []).filter(
        (p) => !carries(p, { in: 'query', name: filter.parameter }) && !pinned.some((q) => carries(p, q)),
      );
      const parameter = list.operation.parameters.find((p) => p.in === 'query' && p.name === filter.parameter);
      const placed =
        values.length > 1 && parameter
          ? place(parameter, values)
          : [{ in: 'query' as const, name: filter.parameter, value: String(values[0]) }];
      const listCase = withLargePages(collection, { ...base, parameters: [...kept, ...pinned, ...placed] });
      const listed = await walkedList(collection, listCase, runner);
      if (!listed) continue;
      const { exchange, body, walked } = listed;
      const evidence: IdiomEvidence = {
        idiom: 'filter',
        id,
        member,
        expected: values.length > 1 ? values : values[0],
        ...(filter.contains ? { contains: true } : {}),
        items: walked.items,
        // At another value the item is not among them: only the items listed are judged; nor where
        // a switch the model does not read leaves some items out by default.
        complete: walked.complete && !others.includes(values[0]) && !leavesSomeOut(list),
      };
      runner.conclude(listCase, exchange, body, { collection, sequence: { idiom: evidence } });
    }
  }
}

/** The list asked without each filter that has a default the items can hold ("`active` (the
 * default) lists flags that are not archived"): every item listed holds that default. The run's own
 * item may hold another value by now, so only the items listed are judged. */
export async function checkFilterDefaults(
  resource: Resource,
  parent: Readonly<Record<string, string>>,
  context: PlanContext,
  runner: SequenceRunner,
  id: string,
): Promise<void> {
  const { collection } = resource;
  const list = collection.list;
  for (const filter of list?.filters ?? []) {
    const fallback = defaultOf(list!, filter);
    const member = filter.member ?? filter.parameter;
    const held = (propertiesOf(list!.items.schema)[member] as { enum?: unknown[] } | undefined)?.enum;
    if (fallback === undefined || filter.contains || filter.many || !held?.includes(fallback) || runner.stopped())
      continue;
    const base = context.testCase(list!.operation, {
      kind: 'positive',
      plain: true,
      pathParams: parent,
      what: `without ${filter.parameter}, its default ${JSON.stringify(fallback)} applied`,
    });
    const kept = (base.parameters ?? []).filter((p) => !carries(p, { in: 'query', name: filter.parameter }));
    const listCase = withLargePages(collection, { ...base, parameters: kept });
    const listed = await walkedList(collection, listCase, runner);
    if (!listed) continue;
    const { exchange, body, walked } = listed;
    const evidence: IdiomEvidence = {
      idiom: 'filter',
      id,
      member,
      expected: fallback,
      items: walked.items,
      complete: false,
    };
    runner.conclude(listCase, exchange, body, { collection, sequence: { idiom: evidence } });
  }
}

/** Up to two values of a single-valued filter other than the item's, each one an item may hold (an
 * enum's `all` is none). */
function otherValues(filter: Filter, value: unknown, itemSchema: unknown, member: string): unknown[] {
  if (filter.contains || filter.many) return [];
  const held = mergeAllOf((propertiesOf(itemSchema as never)[member] ?? {}) as Record<string, unknown>) as {
    enum?: unknown[];
    type?: unknown;
  };
  const holdable = (other: unknown) =>
    typeof other === 'boolean' ? held.type === 'boolean' : Array.isArray(held.enum) && held.enum.includes(other);
  return filter.values.filter((other) => other !== value && holdable(other)).slice(0, 2);
}

const defaultOf = (list: NonNullable<Resource['collection']['list']>, filter: Filter): unknown => {
  const parameter = list.operation.parameters.find((p) => p.in === 'query' && p.name === filter.parameter);
  return (parameter?.validator.schema as { default?: unknown } | undefined)?.default;
};

/** The other filters whose default leaves the item out ("`active` (the default) lists flags that are
 * not archived"), set to the item's own value: the list filtered by one member must be able to hold
 * the item, whatever state the run's actions left it in. */
function pinnedByDefaults(
  list: NonNullable<Resource['collection']['list']>,
  judged: Filter,
  item: Record<string, unknown>,
): { in: 'query'; name: string; value: string }[] {
  return list.filters.flatMap((other) => {
    if (other === judged || other.contains || other.many) return [];
    const fallback = defaultOf(list, other);
    const held = item[other.member ?? other.parameter];
    if (fallback === undefined || held === undefined || held === fallback || !other.values.includes(held)) return [];
    return [{ in: 'query' as const, name: other.parameter, value: String(held) }];
  });
}

/** The values of a switch that ask for every item: `status=all`. */
const EVERY_ITEM = new Set(['all', 'any', 'both', 'every', 'everything', '*']);

/** Query parameters of the list that are no filter the model reads, yet hold a default among
 * values ("`active` (returnedAt null), `returned` or `all`. Default `active`"): left out, some items
 * may not be listed. */
function defaultedSwitches(list: NonNullable<Resource['collection']['list']>) {
  return list.operation.parameters.filter((parameter) => {
    if (parameter.in !== 'query' || list.filters.some((filter) => filter.parameter === parameter.name)) return false;
    const schema = parameter.validator.schema as { default?: unknown; enum?: unknown } | undefined;
    return Array.isArray(schema?.enum)
      ? schema.default !== undefined
      : schema?.default === false && INCLUDES.test(parameter.name);
  });
}

/** A yes/no switch that lets more items in when true: `includeVoid`, `with_deleted`, `showArchived`. */
const INCLUDES = /^(?:include|with|show)[A-Z_-]/;

const everyValueOf = (parameter: { name: string; validator: { schema: unknown } }): string | undefined => {
  const schema = parameter.validator.schema as { type?: unknown; default?: unknown; enum?: unknown[] };
  if (schema.type === 'boolean' && INCLUDES.test(parameter.name)) return schema.default === false ? 'true' : undefined;
  return schema.enum?.find(
    (value): value is string => typeof value === 'string' && EVERY_ITEM.has(value.toLowerCase()),
  );
};

/** Those switches set to the value that asks for every item (`status=all`), where they have one. */
function everyItemAsked(list: NonNullable<Resource['collection']['list']>) {
  return defaultedSwitches(list).flatMap((parameter) => {
    const every = everyValueOf(parameter);
    return every === undefined ? [] : [{ in: 'query' as const, name: parameter.name, value: every }];
  });
}

/** Whether such a switch has no value asking for every item: the run's item may be left out. */
const leavesSomeOut = (list: NonNullable<Resource['collection']['list']>): boolean =>
  defaultedSwitches(list).some((parameter) => everyValueOf(parameter) === undefined);

/** The list asked and walked to its end: its first answer and every item listed. */
async function walkedList(collection: Resource['collection'], listCase: TestCase, runner: SequenceRunner) {
  const exchange = await runner.send(listCase);
  if (!exchange) return undefined;
  const body = parseBody(exchange);
  const items = body.kind === 'json' ? listedItems(collection, body.value) : undefined;
  if (!items) return undefined;
  const walked = await walkPages(collection, listCase, { exchange, body, items }, (page) => runner.send(page));
  return { exchange, body, walked };
}
