// Entries of an item's list (a cart's lines), shaped as the service keeps them, whether a POST
// below the item adds one (append-answers.ts) or the item's creation sends them (handlers.ts): what
// each takes from the item it names (a product's name and unit price for its `sku`), a number per
// item that is never given twice (`lineNo`: highest ever used + 1), and zeros for the totals the
// sums then work out. A reference to nothing is refused with the documented status.
import { MockHttpError } from '../core/errors.js';
import type { AppendBehaviour } from './entry-types.js';
import { collectionAt } from './nested.js';
import { idOfSchema } from './seed-ids.js';
import type { Collection, Collections, Item } from './store.js';

/** What an entry is shaped by: the append's references, numbers and totals. */
export type EntryShape = Pick<
  AppendBehaviour,
  'member' | 'references' | 'derived' | 'numbered' | 'unknownStatus' | 'minted' | 'entryMembers'
>;

/** Entries minted so far: each minted id is new (a line's `id` is never given twice). */
let mintedSoFar = 0;

/** The highest entry number each item ever gave, by collection (a session's own) and item id. */
const highest = new WeakMap<Collection, Map<string, number>>();

/** The entry as kept: copies from the items it names, zeros for the totals; or the refusal. */
export function shapedEntry(shape: EntryShape, sent: Item, all: Collections, held?: Item): Item | MockHttpError {
  const kept = shape.entryMembers;
  // Members the entry's schema does not name are ignored, as the item's own are.
  const entry: Record<string, unknown> =
    kept && kept.length > 0
      ? Object.fromEntries(Object.entries(sent).filter(([name]) => kept.includes(name)))
      : { ...sent };
  for (const reference of shape.references) {
    const value = entry[reference.member];
    if (value === undefined) continue;
    const named = collectionAt(all as Map<string, Collection>, reference.collection, {}).find(String(value));
    if (!named) {
      const words = `${reference.member} ${JSON.stringify(value)} names no item of ${reference.collection}.`;
      const refused = new MockHttpError(shape.unknownStatus, 'unknown_reference', words);
      refused.pointer = `/${reference.member}`;
      return refused;
    }
    for (const { to, from } of reference.copies) if (from in named) entry[to] = named[from];
  }
  // Numbers the entry requires that nobody sent (its lineTotal) are the service's to work out.
  for (const name of shape.derived) entry[name] ??= 0;
  // The service's own strings (a line's id): a value sent for a readOnly one is ignored.
  // A changed entry keeps the ones it was given.
  for (const { name, schema } of shape.minted ?? [])
    if (held?.[name] !== undefined) entry[name] = held[name];
    else if (entry[name] === undefined || schema.readOnly === true)
      entry[name] = String(idOfSchema(schema, ++mintedSoFar));
  return entry;
}

/** Notes a number the item gave, kept if it is the highest so far. */
function noteHighest(collection: Collection, id: string, number: number): void {
  let byItem = highest.get(collection);
  if (!byItem) highest.set(collection, (byItem = new Map()));
  byItem.set(id, Math.max(byItem.get(id) ?? 0, number));
}

/** The next number of an entry of the item: one past the highest it ever gave (or holds). */
export function nextEntryNumber(shape: EntryShape, collection: Collection, id: string, item: Item): number {
  const held = Array.isArray(item[shape.member]) ? (item[shape.member] as unknown[]) : [];
  const numbers = held.map((entry) => Number((entry as Item | null)?.[shape.numbered ?? ''])).filter(Number.isFinite);
  const next = Math.max(highest.get(collection)?.get(id) ?? 0, 0, ...numbers) + 1;
  noteHighest(collection, id, next);
  return next;
}

/** A creation body's lists shaped as their appends keep entries, numbered 1, 2, … in the order
 * sent; or the refusal of an entry naming nothing. */
export function withShapedEntries(shapes: readonly EntryShape[], body: unknown, all: Collections): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  let shaped: Record<string, unknown> | undefined;
  for (const shape of shapes) {
    const sent = (body as Item)[shape.member];
    if (!Array.isArray(sent)) continue;
    const entries: Item[] = [];
    for (const [index, one] of sent.entries()) {
      if (typeof one !== 'object' || one === null || Array.isArray(one)) return body;
      const entry = shapedEntry(shape, one as Item, all);
      if (entry instanceof MockHttpError) {
        entry.pointer = `/${shape.member}/${index}${entry.pointer ?? ''}`;
        return entry;
      }
      entries.push(shape.numbered === undefined ? entry : { ...entry, [shape.numbered]: index + 1 });
    }
    (shaped ??= { ...(body as Item) })[shape.member] = entries;
  }
  return shaped ?? body;
}

/** Notes the numbers a new item's entries took, so later ones go past them. */
export function noteEntryNumbers(shapes: readonly EntryShape[], collection: Collection, id: string, item: Item): void {
  for (const shape of shapes) {
    const held = Array.isArray(item[shape.member]) ? (item[shape.member] as unknown[]) : [];
    if (shape.numbered !== undefined && held.length > 0) noteHighest(collection, id, held.length);
  }
}
