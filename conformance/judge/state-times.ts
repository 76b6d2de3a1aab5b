// The instants of an item's states: the time of the state an action moved it into (`cancelledAt`),
// or of the action itself (`publishedAt` for publish), set; another final state's left empty.
import { participle } from '../../spec/index.js';
import type { Finding } from '../model.js';
import { finding } from './findings.js';

/** The member that holds when an item reached a state (`approvedAt` for approved), where it has one. */
export function timeOfState(item: Record<string, unknown>, state: unknown): string | undefined {
  if (typeof state !== 'string') return undefined;
  const stem = state.toLowerCase().replace(/[^a-z0-9]/g, '');
  return Object.keys(item).find((name) => {
    const match = /^(.+?)_?(?:at|on|time|date)$/i.exec(name);
    return match !== null && match[1]!.toLowerCase().replace(/[^a-z0-9]/g, '') === stem;
  });
}

/** An item an action just moved into a state: the time of that state (or of the action) set, and the time of every
 * other final state (one it cannot have passed through), and of every other state whose time was
 * empty before the action, still empty. */
export function stateTimes(
  item: Record<string, unknown>,
  state: unknown,
  otherFinals: readonly unknown[],
  verb?: string,
  unreached?: { readonly states: readonly unknown[]; readonly nullBefore: ReadonlySet<string> },
): Finding[] {
  // The state's own (`cancelledAt` for cancelled), else the action's (`publishedAt` for publish
  // into on_sale).
  const own =
    timeOfState(item, state) ??
    (verb
      ? participle(verb)
          .map((said) => timeOfState(item, said))
          .find(Boolean)
      : undefined);
  const found: Finding[] = [];
  if (own !== undefined && (item[own] === null || item[own] === undefined))
    found.push(finding('state_time_missing', { member: own, state }));
  // Another final state's time, and another state's that was null before the action moved the item.
  const held = (other: unknown) => {
    const name = timeOfState(item, other);
    return name !== undefined && name !== own && item[name] !== null && item[name] !== undefined ? name : undefined;
  };
  const others = [
    ...otherFinals,
    ...(unreached?.states ?? []).filter((other) => {
      const name = held(other);
      return name !== undefined && unreached!.nullBefore.has(name) && !otherFinals.includes(other);
    }),
  ];
  for (const other of others) {
    const name = held(other);
    if (name !== undefined)
      found.push(finding('other_state_time_set', { member: name, state, other, got: item[name] }));
  }
  return found;
}
