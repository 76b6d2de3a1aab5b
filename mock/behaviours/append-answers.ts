// An entry added to an item's list (appends.ts binds them): the body appended to the list the path
// names (`lines`), with what it takes from the item it names (a product's `unitPrice` for its `sku`);
// a reference to nothing refused with the documented 422 (else 404, 409), changing nothing; the
// totals made to add up (sums.ts), the update instant stamped, the item answered.
import { UPDATE_INSTANT, withSums } from '../../spec/core.js';
import { MockHttpError } from '../core/errors.js';
import type { MockRequest, MockResponse } from '../core/exchange.js';
import type { AppendBehaviour, ReceivedBody } from './behaviour-types.js';
import { answerItem, itemFor } from './item-answers.js';
import { collectionAt } from './nested.js';
import type { Collections, Item } from './store.js';

interface AppendExchange {
  readonly req: MockRequest;
  readonly res: MockResponse;
  readonly params: Readonly<Record<string, string>>;
  collections(): Collections;
  receiveBody(): Promise<ReceivedBody>;
  refuse(refusal: MockHttpError): void;
}

export const APPEND_HANDLERS = {
  async append(behaviour: AppendBehaviour, context: AppendExchange): Promise<void> {
    const all = context.collections() as Map<string, ReturnType<typeof collectionAt>>;
    const collection = collectionAt(all, behaviour.collection, context.params);
    const item = itemFor(context, behaviour, collection);
    if (item instanceof MockHttpError) return context.refuse(item);
    const body = (await context.receiveBody()).judged();
    if (body instanceof MockHttpError) return context.refuse(body);
    const entry: Record<string, unknown> = { ...(body as Item) };
    for (const reference of behaviour.references) {
      const value = entry[reference.member];
      if (value === undefined) continue;
      const named = collectionAt(all, reference.collection, {}).find(String(value));
      if (!named) {
        const words = `${reference.member} ${JSON.stringify(value)} names no item of ${reference.collection}.`;
        const refused = new MockHttpError(behaviour.unknownStatus, 'unknown_reference', words);
        refused.pointer = `/${reference.member}`;
        return context.refuse(refused);
      }
      for (const name of reference.copies) if (name in named) entry[name] = named[name];
    }
    // Numbers the entry requires that nobody sent (its lineTotal) are the service's to work out.
    for (const name of behaviour.derived) entry[name] ??= 0;
    const before = Array.isArray(item[behaviour.member]) ? (item[behaviour.member] as unknown[]) : [];
    const next: Record<string, unknown> = withSums({ ...item, [behaviour.member]: [...before, entry] });
    const now = new Date().toISOString();
    for (const name of Object.keys(next))
      if (UPDATE_INSTANT.test(name) && typeof next[name] === 'string') next[name] = now;
    const stored = collection.replace(context.params[behaviour.parameter] ?? '', next);
    answerItem(context, behaviour, stored, true);
  },
};
