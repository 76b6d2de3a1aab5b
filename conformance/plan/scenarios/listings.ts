// The items each collection lists now, as the item maker reads them: once per run, and once per
// parent for a nested collection; items without an id are left out (nothing can name them).
import type { CollectionSpec } from '../../../spec/index.js';
import { asObject, idPathText } from '../../judge/json-body.js';

type Item = Record<string, unknown>;
type Parent = Readonly<Record<string, string>>;

export class Listings {
  private readonly cache = new Map<CollectionSpec | string, Promise<Item[]>>();
  /** Items a scenario made to count on alone (a member whose loans it counts), by collection path. */
  private readonly reserved = new Map<string, Set<string>>();

  constructor(
    private readonly readList: (collection: CollectionSpec, parent?: Parent) => Promise<Item[] | undefined>,
  ) {}

  items(collection: CollectionSpec, parent: Parent = {}): Promise<Item[]> {
    const key = Object.keys(parent).length > 0 ? `${collection.path} ${JSON.stringify(parent)}` : collection;
    let items = this.cache.get(key);
    if (!items) {
      items = this.readList(collection, parent).then((listed) =>
        (listed ?? []).flatMap((item) => {
          const object = asObject(item);
          const id = object?.[collection.idProperty];
          return object && id !== undefined && id !== null ? [object] : [];
        }),
      );
      this.cache.set(key, items);
    }
    const reserved = this.reserved.get(collection.path);
    return reserved
      ? items.then((listed) => listed.filter((item) => !reserved.has(idPathText(item, collection.idProperty))))
      : items;
  }

  /** Keeps an item the run made for one scenario out of what others are given as listed, read now
   * or later: a step naming it too would move the counts that scenario keeps. */
  reserve(collection: CollectionSpec, idText: string): void {
    let ids = this.reserved.get(collection.path);
    if (!ids) this.reserved.set(collection.path, (ids = new Set()));
    ids.add(idText);
  }

  /** Leaves out of what was listed an item the run deleted since (an agent it deactivated): it is
   * named no more where a listed item is asked for. */
  forget(collection: CollectionSpec, idText: string): void {
    for (const [key, items] of this.cache) {
      if (key !== collection && !(typeof key === 'string' && key.startsWith(`${collection.path} `))) continue;
      this.cache.set(
        key,
        items.then((listed) => listed.filter((item) => idPathText(item, collection.idProperty) !== idText)),
      );
    }
  }
}
