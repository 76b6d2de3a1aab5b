// A child's creation that moves its parent's update instant, where the words say so: "Every change
// to a ticket (PATCH that changes a value, action, merge, comment added, ...) moves its `updatedAt`
// forward", "`updatedAt` ... moves whenever anything changes (... so do lines, actions, payments)".
// Read from the overview, the parent's instant's own words and the child's creation, in a sentence
// that names the instant, the child's resource word and a move; never from one that says it does not.
import type { Contract } from '../contract/types.js';
import { propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { filledInOf } from './filled-in.js';
import { parentItemsOf } from './parents.js';
import { resourceWordPattern } from './references.js';
import { sentencesOf } from './sentences.js';

export interface ParentTouch {
  /** The parent's update instant (`updatedAt`) a child's creation moves. */
  readonly member: string;
  readonly words: string;
}

const MOVES = /\b(?:moves?|changes?|updates?|bumps?|forward|later|refresh(?:es)?|touch(?:es)?)\b/i;
// "comments do not change it", "never moves": a move denied (not "never before `createdAt`"); and
// "Nothing else moves it", "leaves the event's `updatedAt` alone".
const DENIED =
  /\b(?:not|never|nor|without)\s+(?:\w+\s+){0,2}?(?:move|change|update|touch|bump|affect)|\bnothing\s+(?:else\s+)?(?:moves?|changes?|updates?|touch(?:es)?|bumps?)\b|\bleaves?\b[^.;]{0,60}?\b(?:alone|unchanged|untouched|as it (?:is|was))\b/i;

export function parentTouchOf(
  child: CollectionSpec,
  contract: Contract,
  collections: readonly CollectionSpec[],
): ParentTouch | undefined {
  const parent = parentItemsOf(child.path, collections).at(-1)?.collection;
  const schema = parent?.read?.item.schema;
  if (!parent || !schema || !child.create) return undefined;
  const member = filledInOf(parent, schema, collections).now.find((one) => one.onChange && !one.date)?.name;
  if (!member) return undefined;
  const own = (propertiesOf(schema)[member] as { description?: unknown } | undefined)?.description;
  const info = (contract.document.info as { description?: unknown } | undefined)?.description;
  const named = new RegExp(`(^|[^\\w])${member}($|[^\\w])`);
  const wordOf = (collection: CollectionSpec) =>
    new RegExp(`\\b(?:${resourceWordPattern(collection)})(?:e?s)?\\b`, 'i');
  const [childWord, parentWord] = [wordOf(child), wordOf(parent)];
  // The child named as added ("comment added", "Adding a line", "so do lines"), and no "not" before
  // the instant ("but not the event's `updated_at`").
  const childForms = `(?:${resourceWordPattern(child)})(?:e?s)?`;
  const added = new RegExp(
    `\\b(?:add\\w*|creat\\w*|new|post\\w*|record\\w*)\\W+(?:\\w+\\W+){0,3}?${childForms}\\b|\\b${childForms}\\W+(?:\\w+\\W+){0,2}?(?:add\\w*|creat\\w*|post\\w*|record\\w*)\\b|\\bso do\\b[^.;]{0,40}\\b${childForms}\\b`,
    'i',
  );
  const deniedHere = new RegExp(`\\b(?:not|never|nor)\\b[^.;]{0,25}${member}`, 'i');
  const says = (sentence: string) =>
    named.test(sentence) &&
    childWord.test(sentence) &&
    added.test(sentence) &&
    MOVES.test(sentence) &&
    !DENIED.test(sentence) &&
    !deniedHere.test(sentence);
  // The parent's own instant's words are about it; elsewhere the sentence names the parent too.
  const sentences = (text: unknown) =>
    typeof text === 'string' ? sentencesOf([text]).map((sentence) => sentence.replace(/\s+/g, ' ').trim()) : [];
  const words =
    sentences(own).find(says) ??
    [...sentences(info), ...sentences(child.create.operation.description)].find(
      (sentence) => says(sentence) && parentWord.test(sentence),
    );
  return words ? { member, words } : undefined;
}
