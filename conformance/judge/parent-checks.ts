// Children belong to their parent: an item created under /owners/1/pets is neither listed nor read
// under another owner the run made (a service that ignores the parent in its query leaks them). An
// item counts as leaked when its id and every field sent match: ids counted per parent may repeat.
import type { CollectionSpec } from '../../spec/index.js';
import type { Check, Finding, SequenceEvidence } from '../model.js';
import { firstDifference } from './field-compare.js';
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
  if (!sent || firstDifference(object, sent, collection.create?.storedProperties ?? Object.keys(sent))) return [];
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
