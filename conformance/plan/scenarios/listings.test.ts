// The items the maker gives other steps as listed: read once, without items the run deleted and
// without items it made for one scenario alone (a member whose loans that scenario counts), whether
// the list was read before the reservation or after.
import { describe, expect, it } from 'vitest';
import type { CollectionSpec } from '../../../spec/index.js';
import { Listings } from './listings.js';

const members = { path: '/members', idProperty: 'id' } as CollectionSpec;

describe('the listed items given to other steps', () => {
  it('leave out a reserved item, read before the reservation or after', async () => {
    let reads = 0;
    const listings = new Listings(async () => {
      reads += 1;
      return [{ id: 'm1' }, { id: 'm2' }, { id: 'm3' }];
    });
    expect((await listings.items(members)).map((item) => item.id)).toEqual(['m1', 'm2', 'm3']);
    listings.reserve(members, 'm1');
    expect((await listings.items(members)).map((item) => item.id)).toEqual(['m2', 'm3']);
    listings.forget(members, 'm2');
    expect((await listings.items(members)).map((item) => item.id)).toEqual(['m3']);
    expect(reads).toBe(1);
  });
});
