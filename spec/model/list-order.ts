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
    // The first order the words give is the list's; a later one breaks its ties ("newest first;
    // vehicles created at the same instant are ordered by `vin`").
    const found = [
      orderedBy(plain.replace(/_/g, ''), memberNamed),
      inOrderOf(plain, memberNamed),
      byAge(plain, members, memberNamed, birthInstantOf(itemSchema)),
    ].filter((one) => one !== undefined);
    const first = found.sort((a, b) => a.at - b.at)[0];
    if (first) return first.order;
  }
  return undefined;
}

type Found = { readonly at: number; readonly order: ListOrder } | undefined;
type Named = (said: string) => string | undefined;

/** "ordered by ISBN ascending", unless it orders only what ties ("at the same instant are ordered by"). */
function orderedBy(plain: string, memberNamed: Named): Found {
  const match = ORDERED.exec(plain);
  const member = match ? memberNamed(match[1]!) : undefined;
  if (!match || !member) return undefined;
  const before =
    plain
      .slice(0, match.index)
      .split(/[.;\n]/)
      .at(-1) ?? '';
  if (/\b(?:same|ties?|tied|equal)\b/i.test(before)) return undefined;
  return { at: match.index, order: { member, descending: DESCENDING.test(match[2] ?? ''), words: match[0].trim() } };
}

function inOrderOf(plain: string, memberNamed: Named): Found {
  const match = IN_ORDER_OF.exec(plain);
  const member = match ? memberNamed(match[2]!) : undefined;
  if (!match || !member) return undefined;
  const descending = /^(?:descending|decreasing)$/i.test(match[1]!);
  return { at: match.index, order: { member, descending, words: match[0].trim() } };
}

// An instant named for the moment an item came to be, where none is named for its creation: an
// order's `placedAt`, a ticket's `openedAt` ("newest first (the most recently placed order first)").
const BIRTH_INSTANT = /^[a-z]+ed(?:_?at|_?on)$/i;

/** The one never-null date-time member named like a birth instant (`placedAt`), where there is one. */
function birthInstantOf(itemSchema: JsonSchema): string | undefined {
  const found = Object.entries(propertiesOf(itemSchema)).filter(([name, schema]) => {
    const member = schema as { format?: unknown; type?: unknown; nullable?: unknown };
    const types = Array.isArray(member.type) ? member.type : [member.type];
    return (
      BIRTH_INSTANT.test(name) && member.format === 'date-time' && !types.includes('null') && member.nullable !== true
    );
  });
  return found.length === 1 ? found[0]![0] : undefined;
}

function byAge(plain: string, members: readonly string[], memberNamed: Named, born?: string): Found {
  const match = BY_AGE.exec(plain);
  const created = members.find((name) => CREATION_INSTANT.test(name)) ?? born;
  // "oldest first (by creation)": the creation instant, the word no member's name.
  const member = match
    ? match[2]
      ? (memberNamed(match[2]) ?? (/^creat(?:ion|ed)$/i.test(match[2]) ? created : undefined))
      : created
    : undefined;
  if (!match || !member) return undefined;
  const descending = !/^(?:oldest|earliest)$/i.test(match[1]!);
  return { at: match.index, order: { member, descending, words: match[0].trim() } };
}
