// States the document's own words call final ("`cancelled` and `completed` are final", "a closed
// issue is terminal"): an action on an item in one of them is refused, whatever state it would move
// the item to. Read from the words only: a state no sentence calls final may move on.
import type { Contract } from '../contract/types.js';
import { escapeRegExp } from '../json/text.js';
import { sentencesOf } from './sentences.js';

const FINAL = /\b(final|terminal|cannot be (changed|undone|reopened)|can(no| ?not|'t) (leave|change))\b/i;

/** The values of the state member that some sentence calls final, naming them. */
export function finalStatesOf(
  contract: Contract,
  values: readonly unknown[],
  texts: readonly (string | undefined)[],
): unknown[] {
  const info = (contract.document.info ?? {}) as { description?: unknown };
  const description = typeof info.description === 'string' ? info.description : undefined;
  const finalSentences = sentencesOf([description, ...texts]).filter((sentence) => FINAL.test(sentence));
  return values.filter((value) => {
    const text = escapeRegExp(String(value));
    const name = new RegExp(`(^|[^\\w])${text}([^\\w]|$)`, 'i');
    // A state a transition starts from ("submitted -> approved, final") is not the final one.
    const source = new RegExp(`(^|[^\\w])${text}\`?\\s*(->|→|=>)|\\bfrom\\s+\`?${text}\\b`, 'i');
    return finalSentences.some((sentence) => name.test(sentence) && !source.test(sentence));
  });
}
