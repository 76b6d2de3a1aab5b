// A member whose default the parent holds: "`priority` defaults to the project's `defaultPriority`".
// Read from the creation's words of a collection below a parent, where the member is one the
// creation may send and the parent's member one its items hold. The runner makes a parent with its
// member off its own default, then a child without the member: the child holds the parent's value.

import { propertiesOf, variantPropertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { parentOfPath } from './parents.js';
import { referencedCollection, resourceWordPattern } from './references.js';
import { sentencesOf } from './sentences.js';

export interface ParentDefault {
  /** The child's member, and the parent's member whose value it takes when left out. */
  readonly member: string;
  readonly parentMember: string;
  readonly words: string;
}

/** The child's creation and what it sends, and the parent the path names (one the client makes,
 * else one it can only list: an order a checkout made) and what its items hold. */
function bothSides(collection: CollectionSpec, collections: readonly CollectionSpec[]) {
  const create = collection.create?.operation;
  const parent = parentOfPath(collection.path, collections)?.collection;
  if (!create || !parent) return undefined;
  const sent = propertiesOf(create.requestBody?.content.find((media) => media.validator)?.validator?.schema);
  const held = propertiesOf(parent.read?.item.schema ?? parent.create?.item.schema);
  return { create, parent, sent, held };
}

/** Members of a child's creation the words tie to a member of its parent by `verb` (a pattern):
 * "`priority` defaults to the project's `defaultPriority`", "`amountCents` must equal the order's
 * `totalCents`". */
export function tiesToParent(
  collection: CollectionSpec,
  collections: readonly CollectionSpec[],
  verb: string,
  /** Only sentences these words speak in ("Defaults of absent members: `priority` is ..."). */
  only?: RegExp,
): ParentDefault[] {
  const sides = bothSides(collection, collections);
  if (!sides) return [];
  const { create, parent, sent, held } = sides;
  const noun = resourceWordPattern(parent);
  const said = new RegExp(`\`([\\w-]+)\`\\s+${verb}\\s+(?:the\\s+|its\\s+)?${noun}'s\\s+\`([\\w-]+)\``, 'gi');
  const found: ParentDefault[] = [];
  for (const sentence of sentencesOf([create.summary, create.description])) {
    const text = sentence.replace(/\s+/g, ' ');
    if (only && !only.test(text)) continue;
    for (const [, member, parentMember] of text.matchAll(said))
      if (member! in sent && parentMember! in held)
        found.push({ member: member!, parentMember: parentMember!, words: text.trim() });
  }
  return found;
}

/** Words of what an absent member becomes: "Defaults of absent members: `priority` is ...". */
const ABSENT = /\b(?:defaults?|absent|omitted|left\s+out|not\s+sent)\b/i;

export function parentDefaultsOf(collection: CollectionSpec, collections: readonly CollectionSpec[]): ParentDefault[] {
  const found = [
    ...tiesToParent(collection, collections, 'defaults?\\s+to'),
    ...tiesToParent(collection, collections, '(?:is|becomes|takes)', ABSENT),
    ...ownWordsDefaults(collection, collections),
  ];
  return found.filter((one, index) => found.findIndex((other) => other.member === one.member) === index);
}

/** A member's own words: "Absent means the workspace's defaultPriority." */
function ownWordsDefaults(collection: CollectionSpec, collections: readonly CollectionSpec[]): ParentDefault[] {
  const sides = bothSides(collection, collections);
  if (!sides) return [];
  const { parent, sent, held } = sides;
  const said = new RegExp(
    `\\b(?:absent|omitted|left\\s+out|not\\s+sent|defaults?\\s+to)\\b[^.;]*?\\b(?:${resourceWordPattern(parent)})'s\\s+\`?(\\w+)\`?`,
    'i',
  );
  return Object.entries(sent).flatMap(([member, schema]) => {
    const words = (schema as { description?: unknown }).description;
    const match = typeof words === 'string' ? said.exec(words) : null;
    return match && match[1]! in held ? [{ member, parentMember: match[1]!, words: words as string }] : [];
  });
}

/** A member the client must send equal to its parent's: "`amountCents` must equal the order's
 * `totalCents`" (a payment of the whole order). The item maker sends the parent's value. */
export const parentEqualsOf = (collection: CollectionSpec, collections: readonly CollectionSpec[]): ParentDefault[] => [
  ...tiesToParent(
    collection,
    collections,
    '(?:must|should|has\\s+to|needs\\s+to)\\s+(?:equal|be\\s+equal\\s+to|match|be)',
  ),
  ...parentFloorsOf(collection, collections),
];

/** "The reading on the record may not be below the odometer reading the vehicle currently has": a
 * number member the child and its parent both hold, which the child's may not take below the
 * parent's. The parent's own value meets it: the maker sends that. */
function parentFloorsOf(collection: CollectionSpec, collections: readonly CollectionSpec[]): ParentDefault[] {
  const sides = bothSides(collection, collections);
  if (!sides) return [];
  const { create, parent, sent, held } = sides;
  const numeric = (schema: unknown) => ['integer', 'number'].includes(String((schema as { type?: unknown })?.type));
  const shared = Object.keys(sent).filter((name) => name in held && numeric(sent[name]) && numeric(held[name]));
  const floor = new RegExp(
    `\\b(?:may|must|can)\\s*not\\s+(?:be|go|drop|fall)\\s+(?:below|under|lower than|less than)\\b[^.;]*\\b${resourceWordPattern(parent)}\\b`,
    'i',
  );
  const words = sentencesOf([create.summary, create.description]).find((sentence) => floor.test(sentence));
  if (!words) return [];
  // The member the sentence speaks of: named, or the one shared member where only one is.
  const named = shared.filter((name) =>
    new RegExp(`\\b${name}\\b|${name.replace(/(?:Km|Cents|Count)$/, '')}`, 'i').test(words),
  );
  const members = named.length > 0 ? named : shared.length === 1 ? shared : [];
  return members.map((member) => ({ member, parentMember: member, words: words.replace(/\s+/g, ' ').trim() }));
}

/** A member whose default an item the body names holds: "`unitPriceCents` defaults to the part's
 * current `unitPriceCents`, and `description` to the part's `name`" (`partId` naming /parts). */
export interface ReferenceDefault {
  readonly member: string;
  /** The body member naming the other item, its collection, and the member the default is read from. */
  readonly via: string;
  readonly collection: string;
  readonly otherMember: string;
  readonly words: string;
}

export function referenceDefaultsOf(
  collection: CollectionSpec,
  collections: readonly CollectionSpec[],
): ReferenceDefault[] {
  const create = collection.create?.operation;
  if (!create) return [];
  const schema = create.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  // A union's members too: a part line's `partId` and `unitPriceCents`.
  const sent = { ...variantPropertiesOf(schema, false), ...propertiesOf(schema) };
  const found: ReferenceDefault[] = [];
  for (const via of Object.keys(sent)) {
    const other = referencedCollection(via, collections, collection);
    const held = propertiesOf(other?.read?.item.schema ?? other?.create?.item.schema);
    if (!other || Object.keys(held).length === 0) continue;
    const its = String.raw`(?:the\s+|its\s+)?${resourceWordPattern(other)}'s\s+(?:current\s+|own\s+)?`;
    const first = new RegExp(String.raw`\`([\w-]+)\`\s+defaults?\s+to\s+${its}\`([\w-]+)\``, 'gi');
    const more = new RegExp(String.raw`^(?:,\s*(?:and\s+)?|\s+and\s+)\`([\w-]+)\`\s+to\s+${its}\`([\w-]+)\``, 'i');
    for (const sentence of sentencesOf([create.summary, create.description])) {
      const text = sentence.replace(/\s+/g, ' ');
      for (const match of text.matchAll(first)) {
        const pairs = [[match[1]!, match[2]!]];
        const next = more.exec(text.slice(match.index + match[0].length));
        if (next) pairs.push([next[1]!, next[2]!]);
        for (const [member, otherMember] of pairs)
          if (member! in sent && otherMember! in held && member !== via)
            found.push({ member: member!, via, collection: other.path, otherMember: otherMember!, words: text.trim() });
      }
    }
  }
  return found;
}
