// The order a list's words give it: "A page of books, ordered by ISBN ascending", "sorted by
// `createdAt`, newest first". Read only where the member is one of the item's; the direction is
// ascending unless the words say otherwise. Where the words say nothing, the order is open.
import type { Operation } from '../contract/types.js';
import { propertiesOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';

export interface ListOrder {
  readonly member: string;
  readonly descending: boolean;
  /** The clause it was read from. */
  readonly words: string;
}

const ORDERED =
  /\b(?:ordered|sorted|orders?|sorts?)\s+by\s+(?:the\s+|their\s+|its\s+)?`?([A-Za-z_][\w.-]*)`?([^.;:\n]*)/i;
const DESCENDING =
  /^\W*(?:in\s+)?(?:descending|desc\b|decreasing|newest first|most recent first|latest first|highest first|reverse)/i;

// "in ascending order of `number`", "in descending order of creation time".
const IN_ORDER_OF =
  /\bin\s+(ascending|descending|increasing|decreasing)\s+order\s+of\s+(?:the\s+|their\s+|its\s+)?`?([A-Za-z_][\w.-]*)`?/i;

// "Newest first (by `createdAt`)", "oldest first": the creation instant, or the member named after.
const BY_AGE = /\b(newest|latest|most\s+recent|oldest|earliest)\s+first\b(?:[\s(,]*by\s+`?([A-Za-z_][\w.-]*)`?)?/i;
const CREATION_INSTANT = /^(?:created|inserted)(?:_?at|_?on|_?time|_?date)?$|^creation_?(?:time|date)$/i;

/** The order a list operation's words give its items, where they name an item member. */
export function listOrderOf(operation: Operation, itemSchema: JsonSchema): ListOrder | undefined {
  const members = Object.keys(propertiesOf(itemSchema));
  const memberNamed = (said: string) => members.find((name) => name.toLowerCase() === said.toLowerCase());
  for (const text of [operation.summary, operation.description]) {
    const plain = text?.replace(/[*]/g, '') ?? '';
    const match = ORDERED.exec(plain.replace(/_/g, ''));
    const byName = match ? memberNamed(match[1]!) : undefined;
    if (match && byName) return { member: byName, descending: DESCENDING.test(match[2] ?? ''), words: match[0].trim() };
    const inOrder = IN_ORDER_OF.exec(plain);
    const member = inOrder ? memberNamed(inOrder[2]!) : undefined;
    if (inOrder && member)
      return { member, descending: /^(?:descending|decreasing)$/i.test(inOrder[1]!), words: inOrder[0].trim() };
    const byAge = BY_AGE.exec(plain);
    const aged = byAge
      ? byAge[2]
        ? memberNamed(byAge[2])
        : members.find((name) => CREATION_INSTANT.test(name))
      : undefined;
    if (byAge && aged)
      return { member: aged, descending: !/^(?:oldest|earliest)$/i.test(byAge[1]!), words: byAge[0].trim() };
  }
  return undefined;
}
