// The state an action moves its own item to, where the verb's participle names none: `pickup` says
// "The rental becomes `active`", `reinstate` says "The tool becomes `available`". Read from the
// action's own summary and description, and only where the item itself is the subject ("the
// rental", "it"): "every tool on it becomes `rented`" speaks of other items.
import type { Operation } from '../contract/types.js';
import { escapeRegExp } from '../json/text.js';
import { arrowTargets } from './action-sources.js';
import { clausesOf } from './sentences.js';

/** The singular of a plural path segment, roughly (copies -> copy, entries -> entry, loans -> loan). */
export const singularOf = (plural: string): string =>
  plural.endsWith('ies') ? `${plural.slice(0, -3)}y` : plural.endsWith('s') ? plural.slice(0, -1) : plural;

const MOVES = String.raw`(?:then\s+)?(?:becomes|is\s+(?:set|moved|changed)\s+to|moves\s+to|turns|goes\s+to|changes\s+to|is\s+now)`;

/** "sets `status` to `checked_in`": a member of the item set to a state (checked against the states). */
const SETS_MEMBER =
  /\b(?:sets?|changes?|moves?)\s+(?:its\s+|the\s+)?\w+\s+to\s+([\w-]+)|\bsets?\s+(?:its\s+|the\s+)?(?:state|status)\s+([\w-]+)/i;

/** Whether a line speaks of this action: its operationId, or its path's last segment as a word. */
export function namesAction(line: string, operation: Operation): boolean {
  const verb = operation.path.split('/').at(-1) ?? '';
  const loose = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  const words = line.split(/[^\w-]+/).map(loose);
  return (
    (operation.operationId !== undefined && words.includes(loose(operation.operationId))) ||
    (verb !== '' && !verb.startsWith('{') && words.includes(loose(verb)))
  );
}

/** Whether a sentence is a list line of another action's (a life drawn line by line in every
 * action's words: "- checkOutReservation: ... adds one to the guest's `stayCount`"), not this one's. */
export function speaksOfOtherAction(
  sentence: string,
  operation: Operation,
  others: readonly { readonly operation: Operation }[],
): boolean {
  if (!/^\s*[-*•]\s/.test(sentence) || namesAction(sentence, operation)) return false;
  return others.some((other) => other.operation !== operation && namesAction(sentence, other.operation));
}

/** The noun the document calls the collection's items by: the singular of its last fixed segment. */
function nounOf(collectionPath: string): string | undefined {
  const segment = collectionPath
    .split('/')
    .filter((part) => part !== '' && !part.startsWith('{'))
    .at(-1);
  return segment ? singularOf(segment.toLowerCase()).replace(/[-_]/g, ' ') : undefined;
}

/** The one state among `values` the words move the item itself to, where they name exactly one. */
/** "`200` with `grade` set and `status` `completed`": the state written right after the member. */
const STATUS_THEN = /\b(?:status|state)\s+(?:is\s+|becomes\s+)?([\w-]+)/i;

/** Words right before the state member that make its state a condition, not an outcome ("when
 * `status` is `open`", "while the cart's `status` is `open`", "Only for a rental in status
 * `returned`"). */
const CONDITION =
  /\b(?:when|while|if|unless)\s+(?:(?:its|the|their)\s+)?(?:[\w-]+'s\s+)?$|\bonly\s+(?:for|on)\s+(?:an?\s+|the\s+)?[\w-]+\s+(?:in\s+)?$/i;

export function targetFromWords(operation: Operation, collectionPath: string, values: readonly unknown[]): unknown {
  const noun = nounOf(collectionPath);
  if (!noun) return undefined;
  const subject = String.raw`(?:\b(?:the|this|that)\s+${escapeRegExp(noun)}|^(?:effect:\s*)?it|:\s*it)`;
  const said = new RegExp(String.raw`${subject}\s+${MOVES}\s+([\w-]+)`, 'i');
  // The item as the object of the action's verb: "Moves an `open` work order to `in_progress`".
  const moved = new RegExp(
    String.raw`\b(?:moves|sets|turns|puts|changes|returns|brings|restores|resets)\s+(?:an?|the|this)\s+(?:[\w-]+\s+){0,2}?${escapeRegExp(noun)}\s+(?:(?:back\s+)?to|into)\s+([\w-]+)`,
    'i',
  );
  const byName = new Map(values.map((value) => [String(value).toLowerCase(), value]));
  const found = new Set<unknown>();
  const text = `${operation.summary ?? ''}. ${operation.description ?? ''}`;
  for (const clause of clausesOf(text)) {
    const bare = clause.replace(/`/g, '');
    // "Allowed only when `status` is `open`" names the state it starts from, not the one it leads to.
    const then = STATUS_THEN.exec(bare);
    const stated = then && (/\bbecomes\b/i.test(then[0]) || !CONDITION.test(bare.slice(0, then.index))) ? then : null;
    const match = said.exec(clause) ?? moved.exec(bare) ?? SETS_MEMBER.exec(bare) ?? stated;
    const word = match
      ? match
          .slice(1)
          .filter((group) => group !== undefined)
          .at(-1)
      : undefined;
    const value = word ? byName.get(word.toLowerCase()) : undefined;
    if (value !== undefined) found.add(value);
  }
  if (found.size === 0) {
    // A transition drawn as an arrow: "`open` → `in_progress`"; of several (a life drawn line by
    // line), the one on the line that names this action.
    const drawn = arrowTargets(text, values);
    if (drawn.length === 1) return drawn[0];
    const own = text.split('\n').filter((line) => namesAction(line, operation));
    const onOwnLine = own.length === 1 ? arrowTargets(own[0]!, values) : [];
    if (onOwnLine.length === 1) return onOwnLine[0];
  }
  return found.size === 1 ? [...found][0] : undefined;
}

export { participle } from './participles.js';
