// What an item's action does to the items naming it, as the action's words say: "Every `pending`
// order of the event becomes `cancelled` and every `paid` one `refunded`". Read from the action's
// summary and description and the overview's passages naming it, for a collection whose items name
// this one by a member and whose state member holds both states. The runner puts such items in the
// first state, takes the action on the item they name and reads them in the second.
import type { Contract, Operation } from '../contract/types.js';
import { propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { parentItemsOf } from './parents.js';
import { referencedCollection, resourceWordPattern } from './references.js';
import { passagesNaming } from './sentences.js';
import { statusMember } from './state-member.js';

/** The verb of an effect the item's deletion has (its DELETE, not an action). */
export const DELETION_VERB = 'delete';

export interface ReferrerEffect {
  /** The action of this item (its verb) and the collection whose items it moves. */
  readonly verb: string;
  readonly collection: string;
  /** The member of those items naming this one, their state member, and the move. */
  readonly via: string;
  readonly stateMember: string;
  readonly from: string;
  readonly to: string;
  readonly words: string;
}

const BECOMES = String.raw`(?:becomes?|become|turns?(?:\s+into)?|(?:is|are)\s+(?:set\s+to|moved\s+to|marked(?:\s+as)?|made)|goes\s+to|moves?\s+to|changes?\s+to|is|are)`;

// Without a state before the noun only a verb of moving says a move ("that is `confirmed`" describes).
const MOVES = String.raw`(?:becomes?|turns?(?:\s+into)?|(?:is|are)\s+(?:set\s+to|moved\s+to|marked(?:\s+as)?)|goes\s+to|moves?\s+to|changes?\s+to)`;

/** "every `pending` order of the event becomes `cancelled`", then "and every `paid` one `refunded`". */
function movesIn(text: string, noun: string): { from: string; to: string; words: string }[] {
  const first = new RegExp(
    String.raw`\b(?:every|each|all(?:\s+(?:of\s+)?(?:its|the))?|any)\s+\`([\w-]+)\`\s+${noun}s?\b[^.;]{0,60}?\b${BECOMES}\s+\`([\w-]+)\``,
    'gi',
  );
  const more = new RegExp(
    String.raw`^\s*(?:,\s*|,?\s+and\s+)(?:every|each|all|any)\s+\`([\w-]+)\`\s+(?:ones?|${noun}s?)\s+(?:${BECOMES}\s+)?\`([\w-]+)\``,
    'i',
  );
  const found: { from: string; to: string; words: string }[] = [];
  for (const match of text.matchAll(first)) {
    const words = [match[0]];
    found.push({ from: match[1]!, to: match[2]!, words: match[0] });
    let rest = text.slice(match.index! + match[0].length);
    for (let next = more.exec(rest); next; next = more.exec(rest)) {
      words.push(next[0]);
      found.push({ from: next[1]!, to: next[2]!, words: words.join('') });
      rest = rest.slice(next[0].length);
    }
  }
  return found.map((move) => ({ ...move, words: move.words.replace(/`/g, '').replace(/\s+/g, ' ').trim() }));
}

/** "Every registration of the event that is not yet cancelled (confirmed or waitlisted) becomes
 * `cancelled`": the states named between the noun and the move (plain words too), but those it
 * says the items are not in; where it names none, every state but the target. */
function statesBefore(
  text: string,
  noun: string,
  values: readonly string[],
): { from: string; to: string; words: string }[] {
  const loose = new RegExp(
    String.raw`\b(?:every|each|all(?:\s+(?:of\s+)?(?:its|the))?|any)\s+${noun}s?\b([^.;\`]{0,80}?)\b${MOVES}\s+\`([\w-]+)\``,
    'i',
  );
  const match = loose.exec(text);
  if (!match || !values.includes(match[2]!)) return [];
  const gap = match[1]!;
  const named = (value: string) => new RegExp(`\\b${value.replace(/[^\w-]/g, '')}\\b`, 'i').test(gap);
  const excluded = (value: string) =>
    new RegExp(`\\bnot\\s+(?:yet\\s+|already\\s+)?${value.replace(/[^\w-]/g, '')}\\b`, 'i').test(gap);
  const inGap = values.filter((value) => named(value) && !excluded(value));
  const from = (inGap.length > 0 ? inGap : values.filter((value) => !excluded(value))).filter(
    (value) => value !== match[2],
  );
  const words = match[0].replace(/`/g, '').replace(/\s+/g, ' ').trim();
  return from.map((state) => ({ from: state, to: match[2]!, words }));
}

/** The member of the other collection's items (top level) naming this collection's items. */
function namingMember(
  own: CollectionSpec,
  other: CollectionSpec,
  collections: readonly CollectionSpec[],
): string | undefined {
  const request = other.create?.operation.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  const members = Object.keys(propertiesOf(request ?? other.read?.item.schema));
  return members.find((member) => referencedCollection(member, collections, other) === own);
}

/** The path parameter naming `own` in the paths of `other`, where `other` is a child of it. */
function parentParameter(
  own: CollectionSpec,
  other: CollectionSpec,
  collections: readonly CollectionSpec[],
): string | undefined {
  const parent = parentItemsOf(other.path, collections).at(-1);
  return parent?.collection === own ? parent.parameter : undefined;
}

export function referrerEffectsOf(
  collection: CollectionSpec,
  actions: readonly { readonly verb: string; readonly operation: Operation }[],
  collections: readonly CollectionSpec[],
  contract: Contract,
): ReferrerEffect[] {
  const info = (contract.document.info ?? {}) as { description?: unknown };
  const overview = typeof info.description === 'string' ? info.description : undefined;
  const found: ReferrerEffect[] = [];
  for (const { verb, operation } of actions) {
    const texts = [
      operation.summary,
      operation.description,
      ...passagesNaming(overview, operation.method, operation.path),
    ]
      .filter((text): text is string => typeof text === 'string')
      .map((text) => text.replace(/\s+/g, ' '));
    for (const other of collections) {
      const state = other === collection ? undefined : statusMember(other);
      // A child names its parent by the path (an event's orders, by {eventId}).
      const via =
        state && (namingMember(collection, other, collections) ?? parentParameter(collection, other, collections));
      if (!state || !via) continue;
      const values = state.values.map(String);
      const noun = resourceWordPattern(other);
      const moves = texts.flatMap((text) => {
        const said = movesIn(text, noun);
        return said.length > 0 ? said : statesBefore(text, noun, values);
      });
      for (const move of moves) {
        if (!values.includes(move.from) || !values.includes(move.to)) continue;
        if (found.some((one) => one.verb === verb && one.collection === other.path && one.from === move.from)) continue;
        found.push({ verb, collection: other.path, via, stateMember: state.member, ...move });
      }
    }
  }
  return found;
}
