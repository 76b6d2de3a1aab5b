// A refusal that blames the state of an item the input names ("Technician tec_1 is not active"),
// where the value was taken from a listed item: that item is whatever its owner left it.
import type { Check } from '../model.js';
import { pointedTopMembers } from './error-pointers.js';
import { membersNamedIn } from './said-rules.js';

/** Words of a refusal that blame the named item's state, not the value: "is not active", "retired". */
const NAMED_STATE =
  /\bnot (?:active|available|enabled|open|published)\b|\b(?:inactive|retired|archived|disabled|deleted|closed|cancell?ed|suspended|locked)\b/i;

/** The members a refusal points at (or names) among those whose values name listed items, where its
 * words blame that item's state. */
export function namedItemStateRefused(context: Parameters<Check>[0], named: readonly string[]): string[] {
  if (context.body.kind !== 'json' || !context.exchange.ok || !NAMED_STATE.test(context.exchange.response.text))
    return [];
  const pointed = [...pointedTopMembers(context.body.value), ...membersNamedIn(context.body.value, named)];
  // Or names the item by the value sent ("supplier sup_1003 is inactive").
  const payload = context.testCase.payload;
  const sent = payload?.kind === 'json' && typeof payload.value === 'object' ? payload.value : undefined;
  const text = context.exchange.response.text;
  const valueNamed = (member: string) => {
    const value = (sent as Record<string, unknown> | null | undefined)?.[member];
    return (typeof value === 'string' && value.length >= 3) || typeof value === 'number'
      ? text.includes(String(value))
      : false;
  };
  return named.filter((member) => pointed.includes(member) || valueNamed(member));
}
