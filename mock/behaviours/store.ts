// In-memory state: one collection per list/create pair, one set of collections per mock session.
// Each collection keeps its list as JSON bytes, written for the items added since the last read, so
// a list is never serialised whole again on a read.
import { carryDigits, stringifyExact } from '../../spec/core.js';
import { MAX_LIST_CHARS } from '../core/defaults.js';
import { ListText } from './list-text.js';
import { once } from './once.js';

export type Item = Readonly<Record<string, unknown>>;

export class CollectionFullError extends Error {}

const TEXT_OF = new WeakMap<Item, string>();

/** An item's JSON as reads answer it, written on its first read: stored items are frozen, so it
 * never goes stale (a change stores a new item). */
export function itemText(item: Item): string {
  let json = TEXT_OF.get(item);
  if (json === undefined) {
    json = stringifyExact(item);
    TEXT_OF.set(item, json);
  }
  return json;
}

/** A creation's first answer, kept under its idempotency key with what was sent. */
export interface Replay {
  /** The first request's body text (JSON or form), and its value as canonical JSON. */
  readonly text: string | undefined;
  readonly sent: string;
  readonly json: string;
  readonly headers: Readonly<Record<string, string>>;
}

export class Collection {
  private items: Item[];
  /** The items' JSON array, extended on the first read after creations (list-text.ts). */
  private list = new ListText();
  private nextId: number;
  /** Items by the text of their id, as a path parameter names them; see index(). */
  private byId: Map<string, Item>;
  /** Items added since the last lookup by id, not in byId yet (index()). */
  private unindexed: Item[] = [];
  /** Seeded ids that are not numbers, deleted ones too: the counter does not move past them, so it
   * skips them when it meets them (no id is given again, even one deleted). */
  private seededStrings = new Set<string>();
  /** Items deleted where the document answers 410 for them (soft deletion), by id: a restore
   * brings one back as it was. */
  private gone = new Map<string, Item>();
  /** First answers to creations by idempotency key. */
  private replays = new Map<string, Replay>();
  /** Items drawn on first use (from the document: examples or generated), shared by every copy. */
  private later: (() => readonly Item[]) | undefined;
  /** Ids of the items the collection was seeded with (children are seeded under those only). */
  private seededIds = new Set<string>();
  /** The seed's items as they stand under other parents' path values (their parent members set);
   * undefined where a nested collection starts empty under every parent but the template's own. */
  seedUnder: ((params: Readonly<Record<string, string>>) => (item: Item) => Item) | undefined;
  /** The counter every copy under a parent shares, where items are read by id alone (`/books/{id}`
   * of books made under a branch): an id is then the service's across parents, never one another
   * parent's item has. */
  sharedCounter:
    | { value: number; readonly seededBy?: Collection; seededUnder?: string; readonly seededIds?: Set<string> }
    | undefined;

  constructor(
    readonly idProperty: string,
    readonly maxItems: number,
    seed: readonly Item[] | (() => readonly Item[]) = [],
    /** The id for the n-th item, of the type the document gives ids (integer by default). */
    private readonly idFor: (counter: number) => number | string = (counter) => counter,
    /** The most JSON text it holds, in characters. */
    readonly maxChars = MAX_LIST_CHARS,
    /** The counter's first value: an integer id's schema minimum (work orders "starting at 1000"). */
    private readonly firstId = 1,
  ) {
    this.items = [];
    this.byId = new Map();
    this.nextId = firstId;
    if (typeof seed === 'function') this.later = once(seed);
    else for (const item of seed) this.insert(item, undefined, true);
  }

  /** Whether the items are there already (false until a collection seeded on first use is used). */
  get drawn(): boolean {
    return this.later === undefined;
  }

  get size(): number {
    return this.draw().items.length;
  }

  /** The highest number the counter has given (seeded numbers included), 0 where it gave none: a
   * parent's `lastTicketNumber`. */
  get lastCounted(): number {
    this.draw();
    return this.nextId > this.firstId ? this.nextId - 1 : 0;
  }

  /** Itself, with its seed items in: a document's collections are drawn when first used, so a
   * description of hundreds of operations starts without generating items nobody reads. */
  private draw(): this {
    const later = this.later;
    if (later) {
      this.later = undefined;
      for (const item of later()) this.insert(item, undefined, true);
    }
    return this;
  }

  /** The whole list as JSON bytes; rebuilt once after a write, then shared by every read. */
  listJson(): Uint8Array {
    return this.draw().list.json(this.items);
  }

  /**
   * Stores fields under a new id; the id is always the service's, never the client's. Gives the
   * item and its JSON (written once, for the list and the answer alike).
   */
  /** A new item of `fields`, at the key the client chose where given (the caller checks it is free). */
  create(fields: Readonly<Record<string, unknown>>, chosen?: string | number): { item: Item; json: string } {
    this.draw();
    if (this.items.length >= this.maxItems || this.nextId > Number.MAX_SAFE_INTEGER) {
      throw new CollectionFullError(
        `the store holds its maximum of ${this.maxItems} items; reset the mock (POST /__mock/reset) or raise --max-categories`,
      );
    }
    // An id made from the counter may be one seeded (a uuid, a prefixed id): the next free one. A
    // number never is (the counter moves past every numeric id stored), and looking it up in a store
    // of millions cost more than the rest of the creation.
    // The seed's ids (every parent's seeded children share them) are counted before a new one.
    if (this.sharedCounter?.seededBy && this.sharedCounter.seededBy !== this) void this.sharedCounter.seededBy.size;
    if (this.sharedCounter) this.nextId = Math.max(this.nextId, this.sharedCounter.value);
    let id = chosen ?? this.idFor(this.nextId);
    while (
      chosen === undefined &&
      typeof id !== 'number' &&
      (this.seededStrings.has(String(id)) ||
        this.index().has(String(id)) ||
        this.sharedCounter?.seededIds?.has(String(id)) === true)
    )
      id = this.idFor(++this.nextId);
    // Literals and spreads define own properties, so a "__proto__" field never reaches a prototype.
    const item = { [this.idProperty]: id, ...fields };
    carryDigits(fields, item);
    Object.freeze(item);
    const json = stringifyExact(item);
    // Memory is the limit a count cannot see: a client sending 1 MiB bodies would exhaust it first.
    if (this.list.chars + json.length > this.maxChars) {
      throw new CollectionFullError(
        `the store holds its maximum of ${this.maxChars / 2 ** 20} MiB of JSON; reset the mock (POST /__mock/reset)`,
      );
    }
    // The counter moves on whatever the id's type (a uuid made from it does not move it itself).
    this.nextId++;
    if (this.sharedCounter) this.sharedCounter.value = Math.max(this.sharedCounter.value, this.nextId);
    this.insert(item, json);
    return { item, json };
  }

  /** An empty collection of the same kind (for a nested collection's next parent). */
  emptyCopy(): Collection {
    return this.sharing(new Collection(this.idProperty, this.maxItems, [], this.idFor, this.maxChars, this.firstId));
  }

  private sharing(copy: Collection): Collection {
    copy.sharedCounter = this.sharedCounter;
    return copy;
  }

  /** The seed's items under a seeded parent, named by its path values: a seeded project has its
   * seeded issues, as the document's examples show them. */
  seededCopy(params: Readonly<Record<string, string>>): Collection {
    // Items read by id alone: the seed under one parent only, or its ids would name several items.
    if (this.sharedCounter) {
      const under = JSON.stringify(params);
      this.sharedCounter.seededUnder ??= under;
      if (this.sharedCounter.seededUnder !== under) return this.emptyCopy();
    }
    const under = this.seedUnder?.(params) ?? ((item: Item) => item);
    const seed = () =>
      this.draw()
        .seeded()
        .map((item) => Object.freeze(under(item)));
    return this.sharing(new Collection(this.idProperty, this.maxItems, seed, this.idFor, this.maxChars, this.firstId));
  }

  /** Whether the item of that id was one the collection was seeded with. */
  wasSeeded(id: string): boolean {
    return this.draw().seededIds.has(id);
  }

  /** The seeded items still there. */
  private seeded(): Item[] {
    return this.items.filter((item) => this.seededIds.has(String(item[this.idProperty])));
  }

  clone(): Collection {
    const copy = Object.create(Collection.prototype) as Collection;
    Object.assign(copy, this, {
      items: [...this.items],
      byId: new Map(this.index()),
      unindexed: [],
      list: this.list.copy(),
      gone: new Map(this.gone),
      seededStrings: new Set(this.seededStrings),
      seededIds: new Set(this.seededIds),
      replays: new Map(this.replays),
    });
    return copy;
  }

  /** Up to `count` items from position `start`, in the list's order. */
  page(start: number, count: number): readonly Item[] {
    return this.draw().items.slice(start, start + count);
  }

  /** Where the item of that id stands in the list; -1 when there is none. */
  positionOf(id: string): number {
    const item = this.draw().index().get(id);
    return item ? this.items.indexOf(item) : -1;
  }

  /** Whether an item of that id was deleted softly (reads answer 410). */
  /** The items deleted softly, as kept. */
  removedItems(): readonly Item[] {
    return [...this.draw().gone.values()];
  }

  /** The item of that id as its soft deletion kept it. */
  removedItem(id: string): Item | undefined {
    return this.draw().gone.get(id);
  }

  wasRemoved(id: string): boolean {
    return this.draw().gone.has(id);
  }

  replayOf(key: string): Replay | undefined {
    return this.draw().replays.get(key);
  }

  /** Keeps a creation's answer for its key (at most as many keys as items the collection holds). */
  keepReplay(key: string, replay: Replay): void {
    this.draw();
    if (this.replays.size >= this.maxItems) this.replays.delete(this.replays.keys().next().value!);
    this.replays.set(key, replay);
  }

  find(id: string): Item | undefined {
    return this.draw().index().get(id);
  }

  /** The item replaced by `next` (as a change made it, the old item's exact digits carried); its id kept. */
  replace(id: string, next: Readonly<Record<string, unknown>>): Item | undefined {
    const old = this.draw().index().get(id);
    if (!old) return undefined;
    const item = Object.fromEntries([[this.idProperty, old[this.idProperty]], ...Object.entries(next)]);
    carryDigits(next, item);
    Object.freeze(item);
    this.items = this.items.map((existing) => (existing === old ? item : existing));
    this.byId.set(id, item);
    this.rebuild(itemText(item).length - itemText(old).length);
    return item;
  }

  /** Removes the item (remembered as gone where `soft`, as `kept` makes it); false when there was none. */
  remove(id: string, soft = false, kept: (old: Item) => Item = (old) => old): boolean {
    const old = this.draw().index().get(id);
    if (!old) return false;
    if (soft) this.gone.set(id, Object.freeze(kept(old)));
    else this.seededIds.delete(id);
    this.items = this.items.filter((existing) => existing !== old);
    this.byId.delete(id);
    this.rebuild(-itemText(old).length);
    return true;
  }

  /** The softly deleted item of that id back in the list, as `next` (its id kept); undefined when
   * none was deleted so. */
  restore(id: string, next: (old: Item) => Readonly<Record<string, unknown>>): Item | undefined {
    const old = this.draw().gone.get(id);
    if (!old) return undefined;
    this.gone.delete(id);
    const item = Object.freeze(
      Object.fromEntries([[this.idProperty, old[this.idProperty]], ...Object.entries(next(old))]),
    );
    this.insert(item);
    return item;
  }

  /** A list written again (an item changed or left it), `grown` characters longer than before. */
  private rebuild(grown: number): void {
    this.list = new ListText(this.list.chars + grown);
  }

  /** Adds the item, whose JSON is given when already written. */
  private insert(item: Item, json = stringifyExact(item), seeded = false): void {
    const id = item[this.idProperty];
    if (seeded && typeof id !== 'number') this.seededStrings.add(String(id));
    if (seeded) this.sharedCounter?.seededIds?.add(String(id));
    if (seeded) this.seededIds.add(String(id));
    // Counting goes on after the highest numeric id seeded (digit strings count as numbers).
    const numeric = typeof id === 'number' ? id : /^\d+$/.test(String(id)) ? Number(id) : Number.NaN;
    if (numeric >= this.nextId) this.nextId = numeric + 1;
    if (this.sharedCounter) this.sharedCounter.value = Math.max(this.sharedCounter.value, this.nextId);
    this.items.push(item);
    this.unindexed.push(item);
    this.list.added(json);
  }

  /** The items by id, those added since the last lookup filed now: a creation only appends, as
   * filing each id at once in a map of millions cost a creation more than the rest of it. */
  private index(): Map<string, Item> {
    if (this.unindexed.length > 0) {
      for (const item of this.unindexed) this.byId.set(String(item[this.idProperty]), item);
      this.unindexed = [];
    }
    return this.byId;
  }
}

export type Collections = ReadonlyMap<string, Collection>;
