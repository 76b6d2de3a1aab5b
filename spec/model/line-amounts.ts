// Counts of other items that a write on an item with lines moves by each line's amount, as the
// write's words say: "The stock of every ordered product is decreased by the ordered quantity" (a
// cart's checkout), "gives the ordered quantities back to stock" (an order's cancel, its refund),
// "removes each line's quantity from its product's stock" (a shipment), and "Placing does not
// change stock". Read for a POST below the item (an action, a child's creation, a making elsewhere)
// where the item holds lines naming another collection's items, each with a whole-number amount,
// and the named items hold the whole-number count the words name. The runner reads the named
// items before and after the write and expects each count moved by the sum of its lines' amounts.
import type { Operation } from '../contract/types.js';
import { mergeAllOf, propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { referencedCollection } from './references.js';
import { sentencesOf } from './sentences.js';

export interface LineAmount {
  /** The write below the item (POST /carts/{cartId}/checkout). */
  readonly operation: Operation;
  /** The item's array of lines, a line's member naming the other item, and its amount. */
  readonly lines: string;
  readonly via: string;
  readonly amount: string;
  /** The other collection and its count the write moves: -1 taken, 1 given back, 0 unchanged. */
  readonly collection: string;
  readonly member: string;
  readonly sign: 1 | -1 | 0;
  readonly words: string;
}

const AMOUNT = /^(?:quantity|qty|units|count|amount)$/i;
const BACK =
  /\b(?:gives?|giving|puts?|returns?|returning|restores?|restoring|adds?|adding|credits?)\b[^.;]{0,60}\b(?:back|to)\b|\b(?:increase[sd]?|raise[sd]?|restored)\b/i;
const TAKEN =
  /\b(?:decrease[sd]?|reduce[sd]?|lowers?|lowered|subtracts?|subtracted|deducts?|deducted|removes?|removed|takes?|consumes?|reserves?|decrements?|decremented)\b/i;
const UNCHANGED =
  /\b(?:does|do|did|will)\s+not\s+(?:change|move|touch|affect|alter)\b|\bleaves?\b[^.;]{0,30}\bunchanged\b/i;

const isWhole = (schema: unknown): boolean => {
  const type = mergeAllOf((schema ?? {}) as Record<string, unknown>).type;
  return [type].flat().includes('integer');
};

interface Lines {
  readonly lines: string;
  readonly via: string;
  readonly amount: string;
  readonly other: CollectionSpec;
  readonly counts: readonly string[];
}

/** The item's arrays of lines that name another collection's items with an amount each. */
function linesOf(collection: CollectionSpec, collections: readonly CollectionSpec[]): Lines[] {
  const found: Lines[] = [];
  for (const [lines, schema] of Object.entries(propertiesOf(collection.read?.item.schema))) {
    const entry = mergeAllOf((schema as { items?: Record<string, unknown> }).items ?? {});
    const members = propertiesOf(entry);
    const amount = Object.keys(members).find((name) => AMOUNT.test(name) && isWhole(members[name]));
    if (!amount) continue;
    for (const via of Object.keys(members)) {
      const other = referencedCollection(via, collections, collection);
      const held = propertiesOf(other?.read?.item.schema ?? other?.list?.items.schema);
      const counts = Object.keys(held).filter((name) => name !== amount && isWhole(held[name]));
      if (other?.read && counts.length > 0) found.push({ lines, via, amount, other, counts });
    }
  }
  return found;
}

/** The count a sentence names (in code or plain: "to stock") and the way it moves it. */
function movedIn(sentence: string, counts: readonly string[], amount: string) {
  const member = counts.find((count) => new RegExp(`\`${count}\`|\\b${count}\\b`, 'i').test(sentence));
  if (!member) return undefined;
  if (UNCHANGED.test(sentence)) return { member, sign: 0 as const };
  // The amount is named ("the ordered quantity", "each line's `quantity`") where the count moves.
  const amounts = new RegExp(`\\b${amount.replace(/y$/, '')}(?:y|ies|s)?\\b`, 'i');
  if (!amounts.test(sentence)) return undefined;
  if (BACK.test(sentence)) return { member, sign: 1 as const };
  if (TAKEN.test(sentence)) return { member, sign: -1 as const };
  return undefined;
}

/** The counts the POSTs below the collection's items move by their lines' amounts. */
export function lineAmountsOf(
  collection: CollectionSpec,
  operations: readonly Operation[],
  collections: readonly CollectionSpec[],
): LineAmount[] {
  const itemPath = collection.read?.operation.path;
  const held = itemPath ? linesOf(collection, collections) : [];
  if (!itemPath || held.length === 0) return [];
  const below = operations.filter(
    (operation) =>
      operation.method === 'POST' &&
      operation.path.startsWith(`${itemPath}/`) &&
      !operation.path.slice(itemPath.length + 1).includes('{'),
  );
  const found: LineAmount[] = [];
  for (const operation of below) {
    for (const sentence of sentencesOf([operation.summary, operation.description])) {
      const text = sentence.replace(/\s+/g, ' ').trim();
      const line = held.find((one) => movedIn(text, one.counts, one.amount));
      const moved = line && movedIn(text, line.counts, line.amount);
      if (!line || !moved || found.some((one) => one.operation === operation)) continue;
      found.push({
        operation,
        lines: line.lines,
        via: line.via,
        amount: line.amount,
        collection: line.other.path,
        member: moved.member,
        sign: moved.sign,
        words: text,
      });
    }
  }
  return found;
}
