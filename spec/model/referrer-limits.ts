// Limits on how many items may name one item, as a creation's words say: "`409` when the member
// already has `loanLimit` active loans". Read for a member of the creation naming another
// collection's item, where a clause giving a refusal says that item "has" a number member of its
// own (the limit), optionally a state of the created items, and their word. The runner fills an
// item of its own up to its limit, expects one more refused, and, where an action moves one out of
// the counted state, one more taken after it.
import type { Contract } from '../contract/types.js';
import { escapeRegExp } from '../json/text.js';
import { propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { parentOfPath } from './parents.js';
import { collectionResource, referencedCollection, referencedName, resourceWordPattern } from './references.js';
import { passagesNaming, sentencesOf } from './sentences.js';
import { statusMember } from './state-member.js';

export interface ReferrerLimit {
  /** The creation's member naming the limited item, and that item's collection. */
  readonly via: string;
  /** The limited item is the creation's parent, named by the path parameter `via` ("A full session
   * (`registeredCount` equal to `capacity`) refuses with 409" of a session's registrations). */
  readonly inPath?: boolean;
  readonly collection: string;
  /** The limited item's member holding the limit. */
  readonly limit: string;
  /** The created items' state member and the states that count (all where absent). */
  readonly stateMember?: string;
  readonly states?: readonly string[];
  readonly status: number;
  readonly words: string;
}

const isInteger = (schema: unknown): boolean => {
  const type = (schema as { type?: unknown } | undefined)?.type;
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
};

/** The top-level members of the creation naming another collection's item (a collection with no
 * list of its own too: members read one at a time). */
function namedBy(
  collection: CollectionSpec,
  collections: readonly CollectionSpec[],
): { via: string; other: CollectionSpec }[] {
  const schema = collection.create?.operation.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  return Object.keys(propertiesOf(schema)).flatMap((via) => {
    const other =
      referencedCollection(via, collections, collection) ??
      collections.find(
        (c) => c !== collection && c.list === undefined && referencedName(via) === collectionResource(c),
      );
    return other ? [{ via, other }] : [];
  });
}

export function referrerLimitsOf(
  collection: CollectionSpec,
  collections: readonly CollectionSpec[],
  contract: Contract,
): ReferrerLimit[] {
  const create = collection.create?.operation;
  if (!create) return [];
  const info = (contract.document.info ?? {}) as { description?: unknown };
  const texts = [
    create.description,
    ...(typeof info.description === 'string' ? passagesNaming(info.description, create.method, create.path) : []),
  ];
  const sentences = sentencesOf(texts).flatMap((sentence) => sentence.split(/;\s+/));
  const state = statusMember(collection);
  const own = resourceWordPattern(collection);
  const found: ReferrerLimit[] = [];
  const parent = parentOfPath(collection.path, collections)?.collection;
  const parentParameter = parent?.read?.parameter;
  const named = [
    ...namedBy(collection, collections).map((one) => ({ ...one, inPath: false })),
    ...(parent && parentParameter ? [{ via: parentParameter, other: parent, inPath: true }] : []),
  ];
  for (const { via, other, inPath } of named) {
    const schema = other.read?.item.schema ?? other.list?.items.schema;
    const limits = Object.entries(propertiesOf(schema))
      .filter(([, property]) => isInteger(property))
      .map(([name]) => name);
    const word = resourceWordPattern(other);
    for (const limit of limits) {
      const says = new RegExp(
        String.raw`\b${word}s?\b[^.;]{0,20}?\b(?:already\s+)?(?:has|holds|have)\s+\`?${escapeRegExp(limit)}\`?\s+(?:\`?([\w-]+)\`?\s+)?${own}s?\b`,
        'i',
      );
      // "when the member's `activeLoanCount` has reached `maxLoans`": the count's name says which
      // of the created items it counts (`active` loans), where it names one of their states.
      const reached = new RegExp(
        String.raw`\b${word}'s\s+\`?(\w+)\`?\s+(?:has\s+)?(?:reached|hit|equals|is at|is equal to)\s+(?:its\s+)?\`?${escapeRegExp(limit)}\`?`,
        'i',
      );
      // "409 when the course is full (seatsTaken equals capacity)": the count and its limit in a bracket.
      const bracketed = new RegExp(
        String.raw`\b${word}s?\b[^.;(]{0,40}\(\s*\`?(\w+)\`?\s+(?:equals|equal to|has reached|reached|is at|is equal to)\s+(?:its\s+)?\`?${escapeRegExp(limit)}\`?\s*\)`,
        'i',
      );
      for (const sentence of sentences) {
        const counted = reached.exec(sentence) ?? bracketed.exec(sentence);
        const match = says.exec(sentence) ?? (counted && limits.includes(counted[1]!) ? counted : null);
        const status = /\b(409|422|400|403)\b/.exec(sentence)?.[1];
        if (!match || !status) continue;
        const named =
          match === counted
            ? state?.values.map(String).find((value) => counted[1]!.toLowerCase().includes(value.toLowerCase()))
            : match[1];
        const states = named !== undefined && state?.values.map(String).includes(named) ? [named] : undefined;
        found.push({
          via,
          ...(inPath ? { inPath } : {}),
          collection: other.path,
          limit,
          ...(states && state ? { stateMember: state.member, states } : {}),
          status: Number(status),
          words: sentence.replace(/`/g, '').replace(/\s+/g, ' ').trim(),
        });
        break;
      }
    }
  }
  return found;
}
