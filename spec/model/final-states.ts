// States the document's own words call final ("`cancelled` and `completed` are final", "a closed
// issue is terminal"): an action on an item in one of them is refused, whatever state it would move
// the item to. Read from the words only: a state no sentence calls final may move on.
import type { Contract, Operation } from '../contract/types.js';
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
  // The clause that says it ("publish moves a draft to `on_sale`; cancel ... `cancelled`, which is
  // final"), and of a "which is final" only the state just before it.
  const finalClauses = finalSentences.flatMap((sentence) => {
    const clause = sentence.split(';').find((part) => FINAL.test(part)) ?? sentence;
    const which = WHICH_IS_FINAL.exec(clause);
    if (which) return [lastStateBefore(clause.slice(0, which.index), values)];
    // "`completed` (final)": the state right before it, and only that one ("Grade an active
    // enrollment (final)" makes no state final: the action is).
    const marked = PAREN_FINAL.exec(clause);
    if (marked) {
      const word = /`?([\w-]+)`?\s*$/.exec(clause.slice(0, marked.index))?.[1]?.toLowerCase();
      return values.some((value) => String(value).toLowerCase() === word) ? [`\`${word}\``] : [];
    }
    // "A cancelled event cannot be changed, published, ...": the states are the subject's, not the
    // verbs after it (a state named `published`).
    const barred = CANNOT.exec(clause);
    return [barred ? clause.slice(0, barred.index) : clause];
  });
  return values.filter((value) => {
    const text = escapeRegExp(String(value));
    const name = new RegExp(`(^|[^\\w])${text}([^\\w]|$)`, 'i');
    // A state a transition starts from ("submitted -> approved, final") is not the final one.
    const source = new RegExp(`(^|[^\\w])${text}\`?\\s*(->|→|=>)|\\bfrom\\s+\`?${text}\\b`, 'i');
    return finalClauses.some((clause) => name.test(clause) && !source.test(clause));
  });
}

const CANNOT = /\b(?:cannot|can ?not|can't)\b/i;
const WHICH_IS_FINAL = /,?\s*which\s+(?:is|are)\s+(?:final|terminal)\b/i;
const PAREN_FINAL = /\(\s*(?:final|terminal)\s*\)/i;

/** The text of the state named last in the text ("… to `cancelled`"), or the text where none is. */
function lastStateBefore(text: string, values: readonly unknown[]): string {
  let last: { at: number; value: string } | undefined;
  for (const value of values.map(String)) {
    const at = text.search(new RegExp(`(^|[^\\w])${escapeRegExp(value)}[^\\w]*$`, 'i'));
    if (at >= 0 && (!last || at > last.at)) last = { at, value };
  }
  return last ? `\`${last.value}\`` : text;
}

/** The descriptions of the document's tags that the operations carry. */
export function tagDescriptions(contract: Contract, operations: readonly (Operation | undefined)[]): string[] {
  const names = new Set(operations.flatMap((operation) => operation?.tags ?? []));
  const tags = (contract.document as { tags?: unknown }).tags;
  if (!Array.isArray(tags)) return [];
  return tags.flatMap((tag) => {
    const { name, description } = (tag ?? {}) as { name?: unknown; description?: unknown };
    return typeof name === 'string' && names.has(name) && typeof description === 'string' ? [description] : [];
  });
}
