// Children belong to their parent: an item created under /owners/1/pets is neither listed nor read
// under another owner the run made (a service that ignores the parent in its query leaks them). An
// item counts as leaked when its id and every field sent match: ids counted per parent may repeat.
import { type CollectionSpec, listedItems, pathParameterNamed } from '../../spec/index.js';
import type { Check, Finding, SequenceEvidence } from '../model.js';
import { firstDifference, leewayOf } from './field-compare.js';
import { finding } from './findings.js';
import { asObject, idKey } from './json-body.js';

function leaked(
  item: unknown,
  collection: CollectionSpec,
  other: NonNullable<SequenceEvidence['otherParent']>,
  how: 'listed' | 'read',
): Finding[] {
  const object = asObject(item);
  if (!object || object[collection.idProperty] === undefined) return [];
  const id = idKey(object, collection.idProperty);
  const sent = other.children.get(id);
  if (
    !sent ||
    firstDifference(object, sent, collection.create?.storedProperties ?? Object.keys(sent), leewayOf(collection))
  )
    return [];
  return [finding('child_under_other_parent', { idProperty: collection.idProperty, id, how })];
}

/** The other parent's list holds none of the first parent's children. */
export const childrenListedUnderTheirParent: Check = (context) => {
  const { collection, sequence } = context;
  const other = sequence?.otherParent;
  if (!collection || !other || !sequence.after) return undefined;
  return sequence.after.flatMap((item) => leaked(item, collection, other, 'listed'));
};

/** Reading a child under another parent does not answer it. */
export const childrenReadUnderTheirParent: Check = (context) => {
  const { collection, sequence } = context;
  const other = sequence?.otherParent;
  if (!collection || !other || !context.exchange.ok) return undefined;
  const status = context.exchange.response.status;
  if (status < 200 || status >= 300 || context.body.kind !== 'json') return [];
  return leaked(context.body.value, collection, other, 'read');
};

// Members named like the item's own key: under /todos/{id}/comments a comment's `id` is its own.
const OWN_KEY = /^(?:id|uuid|key|slug|number|code|name)$/i;

/** The items of a list answer: the array itself, else an envelope's one array of objects. */
function listedObjects(value: unknown, collection: CollectionSpec | undefined): Record<string, unknown>[] {
  const items = collection
    ? listedItems(collection, value)
    : Array.isArray(value)
      ? value
      : Object.values(asObject(value) ?? {}).filter((member) => Array.isArray(member));
  const arrays = Array.isArray(items) && items.every((entry) => Array.isArray(entry)) ? items : [items];
  if (arrays.length !== 1 || !Array.isArray(arrays[0])) return [];
  return (arrays[0] as unknown[]).flatMap((item): Record<string, unknown>[] => {
    const object = asObject(item);
    return object ? [object] : [];
  });
}

/** A list under a parent's path (/venues/{venueId}/events) holds only items that name that parent
 * where they name one (`venueId`, or `eventSlug` under /events/{slug}): a list that ignores the
 * path's parent shows another's items. */
export const listedItemsNameTheirParent: Check = (context) => {
  const { testCase, collection } = context;
  const { operation } = testCase;
  const params = testCase.pathParams ?? {};
  // An item path (ending in its parameter) is judged as an item answer, not a list.
  if (operation.method !== 'GET' || testCase.kind !== 'positive' || operation.path.endsWith('}')) return undefined;
  if (Object.keys(params).length === 0 || !context.exchange.ok || context.body.kind !== 'json') return undefined;
  const status = context.exchange.response.status;
  if (status < 200 || status >= 300) return [];
  const off = new Map<string, Finding>();
  for (const item of listedObjects(context.body.value, collection)) {
    for (const [name, value] of Object.entries(item)) {
      if (OWN_KEY.test(name) || name === collection?.idProperty || off.has(name)) continue;
      if (typeof value !== 'string' && typeof value !== 'number') continue;
      const parameter = Object.hasOwn(params, name) ? name : pathParameterNamed(operation.path, name);
      const expected = parameter === undefined ? undefined : params[parameter];
      if (expected !== undefined && String(value) !== expected)
        off.set(name, finding('listed_under_other_parent', { member: name, expected, got: value }));
    }
  }
  return [...off.values()];
};
