// What an action's own words say it does to its item's members: the members of its body it sets
// ("Sets state `completed`, grade, and completedAt to now": a member of the body the item has too,
// named after a verb of setting in one clause; a body member the words do not name may be kept
// elsewhere, a refund's `amount` beside the payment's own), and the members it leaves null
// ("`archivedAt` and `publishedAt` become null", "grade and completedAt stay null").
import type { Operation } from '../contract/types.js';
import { propertiesOf } from '../schema/all-of.js';
import { clausesOf } from './sentences.js';

const SETTING = /\b(?:sets?|records?|stores?|saves?|keeps?)\b/i;
// "`rejectionReason`, which the report then shows": the member named before it is set.
const SHOWN =
  /,?\s*\bwhich\s+(?:the\s+[\w-]+\s+|it\s+)?(?:then\s+|also\s+|afterwards\s+)?(?:shows|holds|keeps|returns|displays|records|stores|carries)\b/i;
// "does not set", "never records": a clause that denies the setting names nothing set.
const DENIED = /\b(?:not|never|no longer)\b/i;

/** The body members the action's words say it sets on the item, in the body schema's order. */
export function membersSetByAction(operation: Operation, itemMembers: readonly string[]): string[] {
  const schema = operation.requestBody?.content[0]?.validator?.schema;
  const sent = Object.keys(propertiesOf(schema)).filter((member) => itemMembers.includes(member));
  if (sent.length === 0) return [];
  // What follows the verb in each clause, asides in brackets left out ("(grade stays null)").
  const setClauses = clausesOf(`${operation.summary ?? ''}. ${operation.description ?? ''}`).flatMap((clause) => {
    const plain = clause.replace(/\([^)]*\)/g, ' ');
    if (DENIED.test(plain)) return [];
    const shown = SHOWN.exec(plain);
    if (shown) return [plain.slice(Math.max(0, shown.index - 80), shown.index)];
    const verb = SETTING.exec(plain);
    return verb ? [plain.slice(verb.index + verb[0].length)] : [];
  });
  return sent.filter((member) =>
    setClauses.some((clause) => clause.split(/[^\w]+/).some((word) => word.toLowerCase() === member.toLowerCase())),
  );
}

const NULLED =
  /\b(?:becomes?|are|is|stays?|remains?|goes? back to|(?:are|is) set to|(?:are|is) reset to)\s+null\b|\b(?:are|is) cleared\b/i;

const UNTIL = /\buntil\b/i;

/** The members named after the verb: "sets `solvedAt` back to null", "resets `a` and `b` to null",
 * "clears `closedAt`". */
const SET_NULL =
  /\b(?:sets?|resets?|puts?)\s+((?:`?\w+`?(?:\s*,\s*(?:and\s+)?|\s+and\s+))*`?\w+`?)\s+(?:back\s+)?to\s+null\b|\bclears?\s+((?:`?\w+`?(?:\s*,\s*(?:and\s+)?|\s+and\s+))*`?\w+`?)/gi;

/** The item's members the action's words say are null after it, named before the words that say so. */
export function membersNulledByAction(operation: Operation, itemMembers: readonly string[]): string[] {
  const clauses = clausesOf(`${operation.summary ?? ''}. ${operation.description ?? ''}`).flatMap((clause) =>
    clause.split(/[()]/),
  );
  const nulled = new Set<string>();
  for (const clause of clauses) {
    for (const match of clause.matchAll(SET_NULL)) {
      if (DENIED.test(clause.slice(Math.max(0, (match.index ?? 0) - 20), match.index))) continue;
      const words = (match[1] ?? match[2] ?? '').split(/[^\w]+/);
      for (const member of itemMembers) if (words.includes(member)) nulled.add(member);
    }
    const said = NULLED.exec(clause);
    // "does not become null": the denial right before the words; "as for a page never published" after
    // them says nothing of it.
    const before = said ? clause.slice(0, said.index) : '';
    if (!said || DENIED.test(before.slice(-20))) continue;
    // "Until then `completedAt` stays `null`": null only until the action reaches its state.
    if (UNTIL.test(clause)) continue;
    // Only the list right before the words: "`submittedAt` keeps its value and `rejectedAt` stays
    // null" leaves `rejectedAt` null, not `submittedAt`.
    const list = /((?:[\w`]+(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+))*[\w`]+)\s*$/.exec(before)?.[1] ?? '';
    const words = list.split(/[^\w]+/);
    for (const member of itemMembers) if (words.includes(member)) nulled.add(member);
  }
  return [...nulled];
}

/** The members an action's words set and leave null, each where there is one. */
export function actionStores(
  operation: Operation,
  itemMembers: readonly string[],
): { readonly sets?: readonly string[]; readonly nulls?: readonly string[] } {
  const sets = membersSetByAction(operation, itemMembers);
  const nulls = membersNulledByAction(operation, itemMembers);
  return { ...(sets.length > 0 ? { sets } : {}), ...(nulls.length > 0 ? { nulls } : {}) };
}
