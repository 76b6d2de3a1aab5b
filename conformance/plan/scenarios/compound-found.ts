// Members that together name an item of a nested collection (a loan's `isbn` and `copyNumber` name
// /books/{isbn}/copies/{copyNumber}): an item is made there, under a parent made for it (else a
// listed one), and its path values go in those members. Part of the reference finder.
import {
  type CollectionSpec,
  type JsonSchema,
  nestedItemsCarried,
  parentOfPath,
  propertiesOf,
  putCreation,
} from '../../../spec/index.js';
import { idPathText } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import type { MakeRequest, Making } from './making.js';
import { typedAs } from './reference-values.js';

type Item = Record<string, unknown>;

export interface CompoundParts {
  readonly context: PlanContext;
  readonly make: (collection: CollectionSpec, request: MakeRequest) => Promise<Making>;
  readonly listedItems: (collection: CollectionSpec) => Promise<Item[]>;
  /** Whether making an item of `other` would make one of `collection`. */
  readonly namesBack: (other: CollectionSpec, collection: CollectionSpec) => boolean;
  /** A purpose of its own for each item made (fresh values). */
  readonly purpose: () => string;
}

/** Whether `members` already name an item of every nested collection the creation's members name
 * together (a loan given its branch and copy): nothing is made for them then. */
export function namesCompound(
  collection: CollectionSpec,
  members: Readonly<Record<string, unknown>> | undefined,
  context: PlanContext,
): boolean {
  const create = collection.create?.operation;
  const schema = create ? context.requestSchema(create)?.schema : undefined;
  const carried = nestedItemsCarried(Object.keys(propertiesOf(schema)), context.collections, collection);
  return (
    members !== undefined &&
    carried.length > 0 &&
    carried.every((one) => Object.values(one.carried).every((member) => member in members))
  );
}

export class CompoundFinder {
  constructor(private readonly parts: CompoundParts) {}

  /** For each new item, an item made where the creation's members name one together, its path
   * values in those members; else nothing. */
  async reference(collection: CollectionSpec): Promise<Record<string, unknown>> {
    const create = collection.create?.operation;
    const schema = create ? this.parts.context.requestSchema(create)?.schema : undefined;
    const named = await this.named(collection, Object.keys(propertiesOf(schema)));
    if (Object.keys(named).length > 0) return named;
    // A list whose entries name such an item (a playlist's `episodeRefs[]`, each `{showSlug,
    // number}`): one entry naming a made item, where the list may hold just one.
    for (const [member, property] of Object.entries(propertiesOf(schema))) {
      const list = property as { type?: unknown; items?: JsonSchema; minItems?: number };
      if (list.items === undefined || (list.minItems ?? 0) > 1) continue;
      const entryProperties = propertiesOf(list.items);
      const entry = await this.named(collection, Object.keys(entryProperties));
      if (Object.keys(entry).length > 0) return { [member]: [typedAs(entry, entryProperties)] };
    }
    return {};
  }

  /** Among `members`, those that carry every path value of a nested collection's item: an item made
   * there for them, its path values in those members; else nothing. */
  private async named(collection: CollectionSpec, members: readonly string[]): Promise<Record<string, unknown>> {
    const { context, make, listedItems, namesBack } = this.parts;
    for (const { other, names, carried } of nestedItemsCarried(members, context.collections, collection)) {
      // A parent the client makes, else one it can only list (a library's seeded branches).
      const parent = parentOfPath(other.path, context.collections);
      if (!parent || parent.collection.path.includes('{') || namesBack(other, collection)) continue;
      const purpose = this.parts.purpose();
      const makeable = parent.collection.create !== undefined || putCreation(parent.collection) !== undefined;
      const above: Making = makeable
        ? await make(parent.collection, { what: `to hold a ${other.path} item`, purpose, parent: {} })
        : { refused: 'listed only' };
      // Where no parent could be made (its key met another's), a new item under a listed one.
      const [listed] = 'made' in above ? [] : await listedItems(parent.collection);
      const holder = 'made' in above ? above.made.item : listed;
      const made = holder
        ? await make(other, {
            what: `for ${names.join(' and ')} to name`,
            purpose,
            parent: { [parent.parameter]: idPathText(holder, parent.collection.idProperty) },
          })
        : above;
      if (!('made' in made)) return {};
      const at = made.made.at(other.read!.parameter);
      return Object.fromEntries(names.map((name) => [carried[name]!, made.made.item[name] ?? at[name]]));
    }
    return {};
  }
}
