// The state a creation's words give a new item: "`POST /events` creates an event in state `draft`",
// "The server sets ... `state` = `draft`", "New orders start as `pending`". Read from the
// creation's words and the overview's passages naming it, for a state member of the item; judged on
// every item a creation answers (unless the request sent the state itself).
import type { Contract } from '../contract/types.js';
import type { CollectionSpec } from './collections.js';
import { resourceWordPattern } from './references.js';
import { overviewOf, passagesNaming, sentencesOf } from './sentences.js';
import { statusMember } from './state-member.js';

export interface InitialState {
  readonly member: string;
  readonly value: unknown;
  readonly words: string;
}

const READ = new WeakMap<CollectionSpec, InitialState | null>();

/** The state a new item starts in, where the words say it (read once per collection: the model and
 * the judge of every creation both ask). */
export function initialStateOf(collection: CollectionSpec, contract: Contract): InitialState | undefined {
  let said = READ.get(collection);
  if (said === undefined) READ.set(collection, (said = readInitialState(collection, contract) ?? null));
  return said ?? undefined;
}

function readInitialState(collection: CollectionSpec, contract: Contract): InitialState | undefined {
  const state = statusMember(collection);
  const create = collection.create?.operation;
  if (!state || !create) return undefined;
  const noun = resourceWordPattern(collection);
  const member = state.member.replace(/[^\w-]/g, '');
  const patterns = [
    new RegExp(
      `\\bcreates?\\s+(?:an?|the)\\s+(?:new\\s+)?${noun}\\s+in\\s+(?:the\\s+)?(?:state|status)\\s+\`([\\w-]+)\``,
      'i',
    ),
    new RegExp(
      `\\bnew\\s+${noun}s?\\s+(?:start|starts|begin|begins|are\\s+created|is\\s+created)\\s+(?:in|as)\\s+(?:state\\s+|status\\s+)?\`([\\w-]+)\``,
      'i',
    ),
    new RegExp(`\`${member}\`\\s*(?:=|:)\\s*\`([\\w-]+)\``),
  ];
  const texts = [
    create.summary,
    create.description,
    ...passagesNaming(overviewOf(contract), create.method, create.path),
  ];
  for (const sentence of sentencesOf(texts)) {
    const text = sentence.replace(/\s+/g, ' ');
    for (const pattern of patterns) {
      const value = pattern.exec(text)?.[1];
      const known = state.values.find((one) => String(one) === value);
      if (known !== undefined) return { member: state.member, value: known, words: text.trim() };
    }
  }
  return undefined;
}
