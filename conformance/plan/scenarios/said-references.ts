// Members the creation's words say must name an item of a kind the document gives no list or
// creation of ("`requesterId` must name an active customer": customers are only read one at a time
// and seeded): no id can be listed or made for them, so the run names what the service itself holds
// there: the member's example (the author's valid input) first, then the values the collection's
// listed items hold for it (ids the service gave its own items). A made-up id would only be refused.
import { type CollectionSpec, type Idioms, parentOfPath, propertiesOf } from '../../../spec/index.js';
import { idPathText } from '../../judge/json-body.js';

type Item = Record<string, unknown>;

/** "must name an active customer", "an unknown `vetId`", "names no item", "does not exist". */
const NAMING =
  /\b(?:must\s+name|names?\s+(?:an?|no|the)\b|unknown|does\s+not\s+exist|no\s+such|not\s+found|refers?\s+to)\b/i;

/** Plenty to try: the first of them that exists is enough. */
const MOST = 5;

/** The creation's members whose refusal the words give as naming an item, among those not yet found. */
export function saidToName(
  idioms: Idioms | undefined,
  members: readonly string[],
  found: ReadonlySet<string>,
): string[] {
  const refusals = idioms?.refusals ?? {};
  return members.filter((member) => !found.has(member) && NAMING.test(refusals[member]?.words ?? ''));
}

const examplesOf = (property: unknown): unknown[] => {
  const schema = (property ?? {}) as { example?: unknown; examples?: unknown };
  return [schema.example, ...(Array.isArray(schema.examples) ? schema.examples : [])].filter(
    (value) => typeof value === 'string' || typeof value === 'number',
  );
};

/** The values to name for `member`: its schema's examples, then those the collection's items hold
 * (under the creation's parent, else under the first listed parents). */
export async function heldReferenceValues(
  collection: CollectionSpec,
  member: string,
  request: unknown,
  parent: Readonly<Record<string, string>>,
  collections: readonly CollectionSpec[],
  listedItems: (collection: CollectionSpec, parent?: Readonly<Record<string, string>>) => Promise<Item[]>,
): Promise<unknown[]> {
  const values = examplesOf(propertiesOf(request as never)[member]);
  const holding = (items: readonly Item[]) =>
    items.map((item) => item[member]).filter((value) => typeof value === 'string' || typeof value === 'number');
  if (collection.list) values.push(...holding(await listedItems(collection, parent)));
  const above = parentOfPath(collection.path, collections);
  if (values.length === 0 && collection.list && above?.collection.list && !above.collection.path.includes('{'))
    for (const holder of (await listedItems(above.collection)).slice(0, 3)) {
      values.push(
        ...holding(
          await listedItems(collection, { [above.parameter]: idPathText(holder, above.collection.idProperty) }),
        ),
      );
      if (values.length > 0) break;
    }
  return [...new Set(values)].slice(0, MOST);
}
