// The states a lock on an item's writes may be read in: its state enum (`status`, `state`), else a
// yes/no member whose name the words use as a state ("Archived documents are frozen": `archived`
// true). Each says which of its values a piece of text names.
import { escapeRegExp } from '../json/text.js';
import { mergeAllOf, propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { flagWord } from './flag-actions.js';
import { statusMember } from './state-member.js';

export interface LockState {
  readonly member: string;
  readonly values: readonly unknown[];
  /** The values the text names ("`draft` or `cancelled`"; "archived", "not archived"); an enum's
   * values in any case where `caseless`. */
  named(text: string, caseless?: boolean): unknown[];
}

/** The flag's word without an `is` prefix (`isArchived` → archived); only participles (-ed, -en) read
 * as states. */
const participleWord = (member: string): string | undefined => {
  const word = flagWord(member);
  return /^[a-z]{3,}(?:ed|en)$/.test(word) ? word : undefined;
};

function flagStates(holder: CollectionSpec): LockState[] {
  const schema = holder.read?.item.schema ?? holder.create?.item.schema;
  return Object.entries(propertiesOf(schema)).flatMap(([member, property]) => {
    const { type } = mergeAllOf(property as Record<string, unknown>) as { type?: unknown };
    const word = participleWord(member);
    if (type !== 'boolean' || !word) return [];
    const yes = new RegExp(`\\b${escapeRegExp(word)}\\b`, 'i');
    const no = new RegExp(`\\b(?:not|never)\\s+${escapeRegExp(word)}\\b|\\bun${escapeRegExp(word)}\\b`, 'i');
    return [
      {
        member,
        values: [true, false],
        named: (text: string) => (no.test(text) ? [false] : yes.test(text) ? [true] : []),
      },
    ];
  });
}

/** The holder's state enum first, then its yes/no members. */
export function lockStatesOf(holder: CollectionSpec): LockState[] {
  const status = statusMember(holder);
  const enumState: LockState[] = status
    ? [
        {
          member: status.member,
          values: status.values,
          named: (text, caseless) =>
            status.values.filter((value) =>
              // Prose spells `checked_out` "checked-out" or "checked out" too.
              new RegExp(`\\b${escapeRegExp(String(value)).replace(/_/g, '[_\\s-]')}\\b`, caseless ? 'i' : '').test(
                text,
              ),
            ),
        },
      ]
    : [];
  return [...enumState, ...flagStates(holder)];
}
