// An entry added to an item's list (appends.ts binds them): the body appended to the list the path
// names (`lines`), with what it takes from the item it names (a product's `unitPrice` for its `sku`);
// a reference to nothing refused with the documented 422 (else 404, 409), changing nothing; the
// totals made to add up (sums.ts), the update instant stamped, the item answered.
import { UPDATE_INSTANT, withSums } from '../../spec/core.js';
import { MockHttpError } from '../core/errors.js';
import type { MockRequest, MockResponse } from '../core/exchange.js';
import type { AppendBehaviour, ReceivedBody } from './behaviour-types.js';
import { nextEntryNumber, shapedEntry } from './entries.js';
import type { EntryBehaviour } from './entry-types.js';
import { answerItem, itemFor } from './item-answers.js';
import { collectionAt } from './nested.js';
import { lockedByState } from './said-rules.js';
import type { Collection, Collections, Item } from './store.js';

interface AppendExchange {
  readonly req: MockRequest;
  readonly res: MockResponse;
  readonly params: Readonly<Record<string, string>>;
  collections(): Collections;
  receiveBody(): Promise<ReceivedBody>;
  refuse(refusal: MockHttpError): void;
}

export const APPEND_HANDLERS = {
  async entry(behaviour: EntryBehaviour, context: AppendExchange): Promise<void> {
    const all = context.collections() as Map<string, ReturnType<typeof collectionAt>>;
    const collection = collectionAt(all, behaviour.collection, context.params);
    const item = itemFor(context, behaviour, collection);
    if (item instanceof MockHttpError) return context.refuse(item);
    const named = context.params[behaviour.entryParameter] ?? '';
    const locked = lockedByState(behaviour, item);
    if (locked) return context.refuse(locked);
    const held = Array.isArray(item[behaviour.member]) ? (item[behaviour.member] as Item[]) : [];
    const at = held.findIndex((entry) => String(entry?.[behaviour.key]) === named);
    if (at < 0) {
      const words = `No entry of ${behaviour.member} has ${behaviour.key} ${JSON.stringify(named)}.`;
      return context.refuse(new MockHttpError(404, 'not_found', words));
    }
    let entries = held.filter((_, index) => index !== at);
    if (behaviour.method !== 'DELETE') {
      const body = (await context.receiveBody()).judged();
      if (body instanceof MockHttpError) return context.refuse(body);
      const sent = (typeof body === 'object' && body !== null ? body : {}) as Item;
      // A merge keeps what the change leaves out; a replacement keeps only the entry's number.
      const base = behaviour.method === 'PATCH' ? held[at]! : {};
      const changed = shapedEntry(
        behaviour,
        { ...base, ...sent, [behaviour.key]: held[at]![behaviour.key] },
        all,
        held[at],
      );
      if (changed instanceof MockHttpError) return context.refuse(changed);
      entries = held.map((entry, index) => (index === at ? changed : entry));
    }
    const stored = storedWith(collection, context.params[behaviour.parameter] ?? '', item, behaviour.member, entries);
    answerItem(context, behaviour, stored, behaviour.answersItem);
  },

  async append(behaviour: AppendBehaviour, context: AppendExchange): Promise<void> {
    const all = context.collections() as Map<string, ReturnType<typeof collectionAt>>;
    const collection = collectionAt(all, behaviour.collection, context.params);
    const item = itemFor(context, behaviour, collection);
    if (item instanceof MockHttpError) return context.refuse(item);
    const body = (await context.receiveBody()).judged();
    if (body instanceof MockHttpError) return context.refuse(body);
    const locked = lockedByState(behaviour, item);
    if (locked) return context.refuse(locked);
    const shaped = shapedEntry(behaviour, body as Item, context.collections());
    if (shaped instanceof MockHttpError) return context.refuse(shaped);
    const id = context.params[behaviour.parameter] ?? '';
    const entry =
      behaviour.numbered === undefined
        ? shaped
        : { ...shaped, [behaviour.numbered]: nextEntryNumber(behaviour, collection, id, item) };
    const before = Array.isArray(item[behaviour.member]) ? (item[behaviour.member] as unknown[]) : [];
    const held = heldEntry(behaviour.uniqueBy, before, entry);
    const joined = held < 0 ? undefined : merged(before[held] as Item, body as Item);
    const past =
      joined && Object.entries(behaviour.mergeMaxima ?? {}).find(([name, most]) => Number(joined[name]) > most);
    if (past) {
      const words = `The merged ${past[0]} ${String(joined![past[0]])} would pass its maximum ${past[1]}.`;
      return context.refuse(new MockHttpError(behaviour.mergeRefusal ?? 422, 'merge_past_maximum', words));
    }
    const most = behaviour.mostEntries;
    if (!joined && most && before.length >= most.count) {
      const words = `${behaviour.member} holds at most ${most.count} entries; this one would be entry ${before.length + 1}.`;
      return context.refuse(new MockHttpError(most.status, 'too_many_entries', words));
    }
    const entries = joined ? before.with(held, joined) : [...before, entry];
    const stored = storedWith(collection, id, item, behaviour.member, entries);
    const status = held >= 0 && behaviour.mergedStatus ? behaviour.mergedStatus : behaviour.status;
    answerItem(context, { ...behaviour, status }, stored, true);
  },
};

/** Where the list holds an entry for the new one's key already, or -1. */
function heldEntry(key: string | undefined, entries: readonly unknown[], entry: Item): number {
  if (key === undefined || entry[key] === undefined) return -1;
  return entries.findIndex((one) => typeof one === 'object' && one !== null && (one as Item)[key] === entry[key]);
}

/** The held entry with the numbers sent added to its own (a line's quantity grows by the one sent). */
function merged(held: Item, sent: Item): Item {
  const next = { ...held };
  for (const [name, value] of Object.entries(sent))
    if (typeof value === 'number' && typeof next[name] === 'number') next[name] = (next[name] as number) + value;
  return next;
}

/** The item with its list as given: totals made to add up (sums.ts), the update instant stamped. */
function storedWith(collection: Collection, id: string, item: Item, member: string, entries: unknown[]) {
  const next: Record<string, unknown> = withSums({ ...item, [member]: entries });
  const now = new Date().toISOString();
  for (const name of Object.keys(next))
    if (UPDATE_INSTANT.test(name) && typeof next[name] === 'string') next[name] = now;
  return collection.replace(id, next);
}
