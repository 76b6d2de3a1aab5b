// A creation's number bounded by a member of an item it names: "`capacity` must not exceed the
// venue's `maxCapacity`; a larger capacity is refused with 422". Read from the creation's words: the
// bounded member of its body, the member naming the other item (by that item's word), the other
// item's number member, and the refusal's status. The runner names an item, sends one past its
// bound, and expects the refusal.
import type { Operation } from '../contract/types.js';
import { mergeAllOf, propertiesOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { CollectionSpec } from './collections.js';
import { parentItemsOf } from './parents.js';
import { collectionResource, referencedCollection } from './references.js';
import { sentencesOf } from './sentences.js';

export interface ReferencedBound {
  /** The creation's member that may not pass the bound. */
  readonly member: string;
  /** The creation's member naming the bounding item (the path parameter, where the bounding item
   * is the parent the path names: `inPath`), and that item's collection. */
  readonly via: string;
  readonly inPath?: true;
  readonly collection: string;
  /** The bounding item's member. */
  readonly bound: string;
  readonly status: number;
  /** Other statuses the words allow beside it ("refused with `400`/`422`"). */
  readonly orStatuses?: readonly number[];
  readonly words: string;
}

/** "`capacity` must not exceed the venue's `maxCapacity`", "may not be larger than", "at most". */
const BOUNDED =
  /`(\w+)`\s+(?:must\s+not|may\s+not|cannot|can\s*not)\s+(?:exceed|be\s+(?:larger|greater|more|higher)\s+than)\s+(?:the\s+)?([\w-]+)'s\s+`(\w+)`|`(\w+)`\s+must\s+be\s+at\s+most\s+(?:the\s+)?([\w-]+)'s\s+`(\w+)`/i;

/** "A `quantity` larger than the event's `seatsLeft` is refused with 409", "a `seats` above the
 * course's `maxSeats` is refused". */
const LARGER_THAN =
  /`?(\w+)`?\s+(?:(?:larger|greater|more|higher)\s+than|above|over|beyond|exceeding)\s+(?:the\s+)?([\w-]+)'s\s+`(\w+)`/i;

const isNumeric = (schema: unknown): boolean =>
  [mergeAllOf((schema ?? {}) as Record<string, unknown>).type].flat().some((t) => t === 'integer' || t === 'number');

const bodyOf = (operation: Operation): JsonSchema | undefined =>
  operation.requestBody?.content.find((media) => media.validator)?.validator?.schema;

/** The parent the path names, where the word is its resource's (`event` for /events/{eventId}/bookings). */
function inPathParent(collection: CollectionSpec, collections: readonly CollectionSpec[], word: string) {
  const parent = parentItemsOf(collection.path, collections).at(-1);
  return parent && collectionResource(parent.collection) === word.toLowerCase()
    ? { via: parent.parameter, other: parent.collection, inPath: true }
    : undefined;
}

/** The bounds the creation's words put on its numbers by members of the items it names. */
export function referencedBoundsOf(
  collection: CollectionSpec,
  collections: readonly CollectionSpec[],
): ReferencedBound[] {
  const create = collection.create?.operation;
  if (!create) return [];
  const body = propertiesOf(bodyOf(create));
  const sentences = sentencesOf([create.summary, create.description]);
  const found: ReferencedBound[] = [];
  sentences.forEach((sentence, at) => {
    const match = BOUNDED.exec(sentence);
    const larger = match ? undefined : LARGER_THAN.exec(sentence);
    if (!match && !larger) return;
    const [member, word, bound] = match
      ? match[1]
        ? [match[1], match[2]!, match[3]!]
        : [match[4]!, match[5]!, match[6]!]
      : [larger![1]!, larger![2]!, larger![3]!];
    if (!isNumeric(body[member])) return;
    // The member naming an item of the word's collection (`venueCode` for the venue's), else the
    // parent the path names (an event's bookings: the event's `seatsLeft`).
    const named =
      Object.keys(body)
        .map((via) => ({ via, other: referencedCollection(via, collections, collection), inPath: false }))
        .find(({ other }) => other !== undefined && collectionResource(other) === word.toLowerCase()) ??
      inPathParent(collection, collections, word);
    const other = named?.other;
    if (!named || !other || !isNumeric(propertiesOf(other.read?.item.schema ?? other.create?.item.schema)[bound]))
      return;
    // The status in the sentence, else in the next ("a larger capacity is refused with 422").
    const said = /\b4\d\d\b/.test(sentence) ? sentence : (sentences[at + 1] ?? '');
    const documented = (code: string) => create.responses.some((response) => response.status === code);
    // "refused with `400`/`422`", "400 or 422": each the words allow.
    const alternatives = /\b(4\d\d)`?\s*(?:\/|\bor\b)\s*`?(4\d\d)\b/.exec(said);
    const statuses = (alternatives ? [alternatives[1]!, alternatives[2]!] : [/\b(4\d\d)\b/.exec(said)?.[1]]).filter(
      (code): code is string => code !== undefined && documented(code),
    );
    const [status, ...others] = statuses;
    if (!status) return;
    found.push({
      member,
      via: named.via,
      ...(named.inPath ? { inPath: true as const } : {}),
      collection: other.path,
      bound,
      status: Number(status),
      ...(others.length > 0 ? { orStatuses: others.map(Number) } : {}),
      words: sentence,
    });
  });
  return found;
}
