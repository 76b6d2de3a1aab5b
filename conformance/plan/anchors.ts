// Generated times moved into the period of their parent that the document's words bind them to
// (spec/model/anchors.ts): an entry's `startedAt` within its timesheet's week. Each value keeps its
// own day within the period (its date's day count, modulo the period) and its wall-clock time, so
// values that differed before still differ: two entries of one week keep apart.
import {
  type AnchorRule,
  type CollectionSpec,
  type Operation,
  parentOfPath,
  type SpanOrder,
} from '../../spec/index.js';
import { asObject } from '../judge/json-body.js';

const DAY_MS = 86_400_000;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:\d{2})$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Where the period starts: a date's midnight UTC, or a date-time's instant. */
function startOf(anchor: unknown): number | undefined {
  if (typeof anchor !== 'string') return undefined;
  const ms = Date.parse(DATE.test(anchor) ? `${anchor}T00:00:00Z` : anchor);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The value moved into [start, start + days): its day within the period from its own date. */
export function anchoredValue(value: unknown, anchor: unknown, days: number): unknown {
  const start = startOf(anchor);
  if (start === undefined || typeof value !== 'string') return value;
  const end = start + days * DAY_MS;
  // Already within: kept (so moving a value twice moves it once).
  const own = Date.parse(DATE.test(value) ? `${value}T00:00:00Z` : value);
  if (own >= start && own < end) return value;
  const ownDay = Math.floor(Date.parse(`${value.slice(0, 10)}T00:00:00Z`) / DAY_MS);
  if (Number.isNaN(ownDay)) return value;
  const day = Math.floor(start / DAY_MS) + (((ownDay % days) + days) % days);
  if (DATE.test(value)) {
    const date = day * DAY_MS;
    return date >= Math.floor(start / DAY_MS) * DAY_MS && date < end ? dayOf(date) : dayOf(start);
  }
  const match = DATE_TIME.exec(value);
  if (!match) return value;
  const [, , time, offset] = match;
  // The wall-clock time kept; its offset may push it a day out, then the day next to it is taken.
  for (const shift of [0, 1, -1]) {
    const text = `${dayOf((day + shift) * DAY_MS)}T${time}${offset}`;
    const ms = Date.parse(text);
    if (ms >= start && ms < end) return text;
  }
  return new Date(Math.min(start + DAY_MS / 2, (start + end) / 2)).toISOString();
}

/** The body with each bound member moved into its parent's period, but those kept (what an invalid
 * case is about). */
export function withAnchors(
  body: unknown,
  rules: readonly AnchorRule[],
  parent: Readonly<Record<string, unknown>> | undefined,
  keep: (member: string) => boolean = () => false,
): unknown {
  const object = asObject(body);
  if (!object || !parent || rules.length === 0) return body;
  let moved: Record<string, unknown> | undefined;
  for (const rule of rules) {
    const current = object[rule.member];
    if (current === undefined || keep(rule.member)) continue;
    const value = anchoredValue(current, parent[rule.on], rule.days);
    if (value !== current) (moved ??= { ...object })[rule.member] = value;
  }
  return moved ?? body;
}

type Item = Readonly<Record<string, unknown>>;

/** An item's key: its collection and the path values naming it, in the path's order. */
function itemKey(collection: CollectionSpec, values: Readonly<Record<string, string>>, id: string): string {
  const above = [...collection.path.matchAll(/\{([^}]+)\}/g)].map((match) => values[match[1]!]);
  return `${collection.path} ${JSON.stringify([...above, id])}`;
}

/** The run's anchored creations and changes, and the parent items their times are bound to (items
 * the run made or read): a valid case's bound times are moved into the parent's period as the case
 * is built, wherever it is built. */
export class TimeAnchors {
  /** The creation, replace and change of each collection with rules: the collection and its rules. */
  private readonly byOperation = new Map<Operation, { collection: CollectionSpec; rules: readonly AnchorRule[] }>();
  private readonly items = new Map<string, Item>();
  private readonly spansByOperation = new Map<Operation, readonly SpanOrder[]>();

  constructor(private readonly collections: readonly CollectionSpec[]) {}

  /** The collection's times bound by these rules, on its creation and its changes. */
  bind(collection: CollectionSpec, rules: readonly AnchorRule[]): void {
    if (rules.length === 0) return;
    for (const role of [collection.create, collection.replace, collection.update]) {
      if (role) this.byOperation.set(role.operation, { collection, rules });
    }
  }

  /** The collection whose times the operation's body binds, where it binds any. */
  collectionOf(operation: Operation): CollectionSpec | undefined {
    return this.byOperation.get(operation)?.collection;
  }

  /** An item the run made or read, under the parent path values given, named by `id`. */
  remember(collection: CollectionSpec, values: Readonly<Record<string, string>>, id: string, item: Item): void {
    this.items.set(itemKey(collection, values, id), item);
  }

  /** The parent item the path values name, where the run knows it, with its collection. */
  parentOf(
    collection: CollectionSpec,
    values: Readonly<Record<string, string>>,
  ): { collection: CollectionSpec; id: string; item: Item | undefined } | undefined {
    // A parent the client makes, else one it can only list (an order a checkout made, seeded venues).
    const parent = parentOfPath(collection.path, this.collections);
    const id = parent && values[parent.parameter];
    if (!parent || id === undefined) return undefined;
    return { collection: parent.collection, id, item: this.items.get(itemKey(parent.collection, values, id)) };
  }

  /** The collection's spans the words give a longest length ("a rental lasts at most 90 days"). */
  bindSpans(collection: CollectionSpec, spans: readonly SpanOrder[]): void {
    const capped = spans.filter((span) => span.maxMs !== undefined);
    if (capped.length === 0) return;
    for (const role of [collection.create, collection.replace, collection.update])
      if (role) this.spansByOperation.set(role.operation, capped);
  }

  /** The body with the operation's bound times in the period of the parent its path names, and its
   * spans no longer than the words allow. */
  apply(
    operation: Operation,
    values: Readonly<Record<string, string>>,
    body: unknown,
    keep?: (member: string) => boolean,
  ): unknown {
    const bound = this.byOperation.get(operation);
    const anchored = bound ? withAnchors(body, bound.rules, this.parentOf(bound.collection, values)?.item, keep) : body;
    const spans = this.spansByOperation.get(operation);
    return spans ? withinLongest(anchored, spans, keep) : anchored;
  }
}

const HOUR_MS = 3_600_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A span longer than the words allow shortened to one day (a date) or one hour, from its start. */
function withinLongest(body: unknown, spans: readonly SpanOrder[], keep?: (member: string) => boolean): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  let fixed: Record<string, unknown> | undefined;
  for (const { start, end, maxMs } of spans) {
    const [from, to] = [(body as Item)[start], (body as Item)[end]];
    if (typeof from !== 'string' || typeof to !== 'string' || keep?.(end) || maxMs === undefined) continue;
    if (Date.parse(to) - Date.parse(from) <= maxMs) continue;
    const step = Math.min(maxMs, DATE_ONLY.test(from) ? 24 * HOUR_MS : HOUR_MS);
    const moved = new Date(Date.parse(from) + step).toISOString();
    (fixed ??= { ...(body as Item) })[end] = DATE_ONLY.test(from) ? moved.slice(0, 10) : moved.replace(/\.000Z$/, 'Z');
  }
  return fixed ?? body;
}
