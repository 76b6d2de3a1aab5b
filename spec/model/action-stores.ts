// The members an action's body gives its item, where the action's own words say so ("Sets state
// `completed`, grade, and completedAt to now"): a member of the body the item has too, named after a
// verb of setting in one clause. A body member the words do not name may be kept elsewhere (a
// refund's `amount` beside the payment's own), so it is left alone.
import type { Operation } from '../contract/types.js';
import { propertiesOf } from '../schema/all-of.js';
import { clausesOf } from './sentences.js';

const SETTING = /\b(?:sets?|records?|stores?|saves?|keeps?)\b/i;
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
    const verb = SETTING.exec(plain);
    return verb && !DENIED.test(plain) ? [plain.slice(verb.index + verb[0].length)] : [];
  });
  return sent.filter((member) =>
    setClauses.some((clause) => clause.split(/[^\w]+/).some((word) => word.toLowerCase() === member.toLowerCase())),
  );
}
