// Counts of a named item that a write moves by an amount of its own, as the write's words say:
// "reserves `quantity` from the part's `stock`; when the stock is smaller than `quantity` the line
// is refused with 409" (a part line's creation), "Removing a `part` line gives its `quantity` back to
// the part's `stock`" (its deletion). Read for a member of the request (of any variant of a union)
// naming another collection whose items hold the whole-number count, where the words name both the
// amount and the count and that collection's items. The runner reads the named item before and
// after the write and expects the count moved by the amount; an amount above the count refused.
import type { Operation } from '../contract/types.js';
import { propertiesOf, variantPropertiesOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { CollectionSpec } from './collections.js';
import { referencedCollection, resourceWordPattern } from './references.js';
import { sentencesOf } from './sentences.js';

export interface DrawnAmount {
  /** The write (the collection's creation or deletion). */
  readonly operation: Operation;
  /** The request member naming the other item, the other collection, and its count. */
  readonly via: string;
  readonly collection: string;
  readonly member: string;
  /** The item's member the count moves by, and which way: -1 taken from it, 1 given back. */
  readonly amount: string;
  readonly sign: 1 | -1;
  /** The refusal of an amount above the count, where the words give one. */
  readonly shortStatus?: number;
  readonly words: string;
}

/** Verbs by the way they move the count, in the order they are tried. */
const WAYS: readonly (readonly [RegExp, 1 | -1])[] = [
  [/\b(?:gives?|puts?|returns?|adds?|restores?|credits?|increases?|raises?)\b[^.;]{0,60}\b(?:back|to)\b/i, 1],
  [
    /\b(?:reserves?|takes?|subtracts?|deducts?|removes?|draws?|consumes?|withdraws?|decreases?|lowers?|reduces?)\b/i,
    -1,
  ],
];

const SHORT = /\b(?:smaller|less|lower|fewer)\s+than\b|\bnot enough\b|\binsufficient\b|\bexceeds?\b|\bmore than\b/i;

const isWhole = (schema: unknown): boolean => {
  const type = (schema as { type?: unknown } | undefined)?.type;
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
};

const requestSchemaOf = (operation: Operation | undefined): JsonSchema | undefined =>
  operation?.requestBody?.content.find((media) => media.validator)?.validator?.schema;

/** The request's members, every variant's of a union. */
function membersOf(collection: CollectionSpec): Record<string, JsonSchema> {
  const schema = requestSchemaOf(collection.create?.operation);
  return { ...propertiesOf(schema), ...variantPropertiesOf(schema, false) };
}

/** "reserves `quantity` from the part's `stock`": the count, the amount and the way the words move
 * it, the verb read just before the amount. */
function movedIn(
  sentence: string,
  counts: readonly string[],
  amounts: readonly string[],
): { member: string; amount: string; sign: 1 | -1 } | undefined {
  for (const member of counts) {
    for (const amount of amounts.filter((name) => name !== member)) {
      // The count in code or plain ("adds `quantity` to the product's stock").
      const pair = new RegExp(
        `\`${amount}\`[^.;\`]{0,30}?\\b(?:from|to|into|of)\\b[^.;\`]{0,40}?(?:\`${member}\`|\\b${member}\\b)`,
      ).exec(sentence);
      if (!pair) continue;
      const said = sentence.slice(Math.max(0, pair.index - 40), pair.index + pair[0].length);
      const sign = WAYS.find(([verb]) => verb.test(said))?.[1];
      if (sign !== undefined) return { member, amount, sign };
    }
  }
  return undefined;
}

/** The counts the collection's creation and deletion move on the items its members name. */
export function drawnAmountsOf(collection: CollectionSpec, collections: readonly CollectionSpec[]): DrawnAmount[] {
  const members = membersOf(collection);
  const links = Object.keys(members).flatMap((via) => {
    const other = referencedCollection(via, collections, collection);
    const schema = other?.read?.item.schema ?? other?.list?.items.schema;
    const counts = Object.entries(propertiesOf(schema)).filter(([, property]) => isWhole(property));
    return other && counts.length > 0 ? [{ via, other, counts: counts.map(([name]) => name) }] : [];
  });
  if (links.length === 0) return [];
  const amounts = Object.keys(members).filter((name) => isWhole(members[name]));
  return [collection.create, collection.remove].flatMap((role) => {
    if (!role) return [];
    const { operation } = role;
    const sentences = sentencesOf([operation.summary, operation.description]);
    const documented = new Set(operation.responses.map((response) => response.status));
    for (const sentence of sentences) {
      for (const { via, other, counts } of links) {
        if (!new RegExp(`\\b${resourceWordPattern(other)}\\b`, 'i').test(sentence)) continue;
        const moved = movedIn(sentence, counts, amounts);
        // A deletion gives back; a creation takes, or adds where its words say so (a goods receipt).
        if (!moved || (operation.method === 'DELETE' && moved.sign !== 1)) continue;
        const { member } = moved;
        const short = sentences.find((one) => SHORT.test(one) && new RegExp(`\\b${member}\\b`, 'i').test(one));
        const status = short && [...short.matchAll(/\b(4\d\d)\b/g)].map((m) => m[1]!).find((s) => documented.has(s));
        return [
          {
            operation,
            via,
            collection: other.path,
            ...moved,
            ...(status ? { shortStatus: Number(status) } : {}),
            words: sentence.replace(/\s+/g, ' ').trim(),
          },
        ];
      }
    }
    return [];
  });
}
