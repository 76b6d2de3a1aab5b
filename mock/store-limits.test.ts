// The store's limits: a list longer than any one string the engine holds still answers whole, and
// past its budget of JSON a collection refuses creations instead of exhausting memory.
import { describe, expect, it } from 'vitest';
import { ListText } from './behaviours/list-text.js';
import { Collection, CollectionFullError } from './behaviours/store.js';

const decode = (bytes: Uint8Array): unknown => JSON.parse(new TextDecoder().decode(bytes));

describe('ListText', () => {
  it('answers the items in order across blocks and reads, and a copy grows on its own', () => {
    const list = new ListText();
    const big = 'é'.repeat(700_000); // two items past one block, two bytes a character
    const items: object[] = [{ id: 1, note: big }, { id: 2 }, { id: 3, note: big }];
    for (const item of items) list.added(JSON.stringify(item));
    expect(decode(list.json(items))).toEqual(items);
    const copy = list.copy();
    const more = [...items, { id: 4, note: 'ü' }];
    list.added(JSON.stringify(more[3]));
    expect(decode(list.json(more))).toEqual(more);
    expect(decode(copy.json(items))).toEqual(items);
    expect(list.chars).toBe(more.reduce((sum, item) => sum + JSON.stringify(item).length, 0));
  });

  it('is an empty array before any item', () => {
    expect(decode(new ListText().json([]))).toEqual([]);
  });
});

describe('Collection budget of JSON', () => {
  it('refuses the creation that would pass it and keeps what it holds', () => {
    const collection = new Collection('id', 1000, [], undefined, 100);
    collection.create({ name: 'x'.repeat(60) });
    expect(() => collection.create({ name: 'y'.repeat(60) })).toThrow(CollectionFullError);
    expect(() => collection.create({ name: 'y'.repeat(60) })).toThrow(/maximum of .* of JSON; reset the mock/);
    expect(decode(collection.listJson())).toEqual([{ id: 1, name: 'x'.repeat(60) }]);
    collection.create({ name: 'z' });
    expect(decode(collection.listJson())).toEqual([
      { id: 1, name: 'x'.repeat(60) },
      { id: 2, name: 'z' },
    ]);
  });

  it('frees its budget when an item is removed or shrinks', () => {
    const collection = new Collection('id', 1000, [], undefined, 100);
    collection.create({ name: 'x'.repeat(60) });
    collection.remove('1');
    collection.create({ name: 'y'.repeat(60) });
    collection.replace('2', { name: 'y' });
    collection.create({ name: 'w'.repeat(60) });
    expect(decode(collection.listJson())).toEqual([
      { id: 2, name: 'y' },
      { id: 3, name: 'w'.repeat(60) },
    ]);
  });
});
