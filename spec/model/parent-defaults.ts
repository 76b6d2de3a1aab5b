// A member whose default the parent holds: "`priority` defaults to the project's `defaultPriority`".
// Read from the creation's words of a collection below a parent, where the member is one the
// creation may send and the parent's member one its items hold. The runner makes a parent with its
// member off its own default, then a child without the member: the child holds the parent's value.

import { propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { parentOfPath } from './parents.js';
import { resourceWordPattern } from './references.js';
import { sentencesOf } from './sentences.js';

export interface ParentDefault {
  /** The child's member, and the parent's member whose value it takes when left out. */
  readonly member: string;
  readonly parentMember: string;
  readonly words: string;
}

/** Members of a child's creation the words tie to a member of its parent by `verb` (a pattern):
 * "`priority` defaults to the project's `defaultPriority`", "`amountCents` must equal the order's
 * `totalCents`". */
export function tiesToParent(
  collection: CollectionSpec,
  collections: readonly CollectionSpec[],
  verb: string,
): ParentDefault[] {
  const create = collection.create?.operation;
  // A parent the client makes, else one it can only list (an order a checkout made).
  const parent = parentOfPath(collection.path, collections)?.collection;
  if (!create || !parent) return [];
  const sent = propertiesOf(create.requestBody?.content.find((media) => media.validator)?.validator?.schema);
  const held = propertiesOf(parent.read?.item.schema ?? parent.create?.item.schema);
  const noun = resourceWordPattern(parent);
  const said = new RegExp(`\`([\\w-]+)\`\\s+${verb}\\s+(?:the\\s+|its\\s+)?${noun}'s\\s+\`([\\w-]+)\``, 'gi');
  const found: ParentDefault[] = [];
  for (const sentence of sentencesOf([create.summary, create.description])) {
    const text = sentence.replace(/\s+/g, ' ');
    for (const [, member, parentMember] of text.matchAll(said))
      if (member! in sent && parentMember! in held)
        found.push({ member: member!, parentMember: parentMember!, words: text.trim() });
  }
  return found;
}

export const parentDefaultsOf = (collection: CollectionSpec, collections: readonly CollectionSpec[]): ParentDefault[] =>
  tiesToParent(collection, collections, 'defaults?\\s+to');

/** A member the client must send equal to its parent's: "`amountCents` must equal the order's
 * `totalCents`" (a payment of the whole order). The item maker sends the parent's value. */
export const parentEqualsOf = (collection: CollectionSpec, collections: readonly CollectionSpec[]): ParentDefault[] =>
  tiesToParent(
    collection,
    collections,
    '(?:must|should|has\\s+to|needs\\s+to)\\s+(?:equal|be\\s+equal\\s+to|match|be)',
  );
