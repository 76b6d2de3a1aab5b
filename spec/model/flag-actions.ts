// Actions that move a yes/no member of their item rather than a state enum: `archive` sets
// `archived` (true) and `unarchive` clears it; `pin` sets `isPinned`, `disable` clears `enabled`.
// Read only where no state member names the action's target: the member's name is the verb's
// past participle. Where the action's own words refuse it on an item already there ("Unarchiving a
// document that is not archived answers 409", "Archiving an archived document answers 409"), it
// starts only from the other value.
import type { Operation } from '../contract/types.js';
import { escapeRegExp } from '../json/text.js';
import { mergeAllOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { participle } from './participles.js';
import { clausesOf } from './sentences.js';

export interface FlagMove {
  readonly member: string;
  readonly target: boolean;
  /** The participle the words call the flag by (`archived`). */
  readonly word: string;
}

/** Verbs that clear the flag another verb sets, where no `un` prefix says so. */
const OPPOSITES: Readonly<Record<string, string>> = { disable: 'enable', deactivate: 'activate', unhide: 'hide' };

/** The flag's word without an `is` prefix: `isPinned` → pinned, `is_locked` → locked. */
export const flagWord = (member: string): string =>
  member
    .replace(/^is_?(?=[A-Z_])/, '')
    .replace(/^_/, '')
    .toLowerCase();

const isBoolean = (schema: JsonSchema | undefined): boolean => {
  const merged = mergeAllOf((schema ?? {}) as Record<string, unknown>) as { type?: unknown };
  return merged.type === 'boolean' || (Array.isArray(merged.type) && merged.type.includes('boolean'));
};

/** The boolean member of the item the verb moves, and the value it moves it to. */
export function flagMoveOf(verb: string, properties: Readonly<Record<string, JsonSchema>>): FlagMove | undefined {
  const plain = verb.toLowerCase().replace(/[-_]/g, '');
  const opposite = OPPOSITES[plain] ?? (/^un[a-z]{3,}$/.test(plain) ? plain.slice(2) : undefined);
  const moves = [...(opposite ? [{ stem: opposite, target: false }] : []), { stem: plain, target: true }];
  for (const { stem, target } of moves) {
    const words = participle(stem);
    for (const [member, schema] of Object.entries(properties)) {
      const word = flagWord(member);
      if (isBoolean(schema) && words.includes(word) && word !== stem) return { member, target, word };
    }
  }
  return undefined;
}

/** "not archived", "already archived": the flag's value named as the item's before the action. */
const heldBefore = (word: string) => new RegExp(`\\b(?:not|already|an?|the)\\s+${escapeRegExp(word)}\\b`, 'i');

/** The verb in any form but the participle: "Unarchiving", "archive", "archives". */
const verbForm = (verb: string) =>
  new RegExp(`\\b${escapeRegExp(verb.toLowerCase().replace(/e$/, ''))}(?:e|es|s|ing)?\\b`, 'i');

const REFUSAL = /\b(?:4\d\d|refused|rejected|conflict)\b/i;

/** The flag value the action may start from, where its own words refuse it on an item that already
 * holds its target; undefined where they do not. */
export function flagSourcesOf(operation: Operation, verb: string, move: FlagMove): boolean[] | undefined {
  const form = verbForm(verb);
  const before = heldBefore(move.word);
  const said = clausesOf(`${operation.summary ?? ''}. ${operation.description ?? ''}`).some(
    (clause) =>
      REFUSAL.test(clause) && before.test(clause) && (form.test(clause) || /\b(?:not|already)\s/i.test(clause)),
  );
  return said ? [!move.target] : undefined;
}
