// Partial updates about an item's defaults and its state: a member set off its default, then a
// merge patch's null that restores it; a PATCH that moves the state member (its instant judged with
// the change). Planned after the plain steps of partial-updates.ts.
import { mergeAllOf, propertiesOf } from '../../../spec/index.js';
import { nearbyValues } from './nearby-values.js';
import type { Planner } from './partial-steps.js';

type Item = Record<string, unknown>;

/** Merge Patch: a member with a default the item holds at its default (or the run does not know,
 * its creation having left it out), set to another value, for the null that follows to restore. */
export const awayFromDefault: Planner = ({ current, fresh, required, accepts, keeps, defaults }) => {
  for (const name of Object.keys(defaults)) {
    const atDefault = !Object.hasOwn(current, name) || JSON.stringify(current[name]) === JSON.stringify(defaults[name]);
    if (!required.has(name) || keeps(name, null) || !atDefault) continue;
    const candidates = [fresh[name], ...nearbyValues(defaults[name])].filter(
      (value) => value !== undefined && JSON.stringify(value) !== JSON.stringify(defaults[name]),
    );
    const value = candidates.find((one) => accepts({ [name]: one }));
    if (value === undefined) continue;
    const body = { [name]: value };
    return { body, expected: { ...current, ...body }, what: `setting ${name} off its default (merge patch)` };
  }
  return undefined;
};

/** Merge Patch: a member the item must hold, one with a default, sent as null: RFC 7396 removes it,
 * and an item that must hold it then holds its default (never the value it held before). */
export const nullRestoresDefault: Planner = ({ current, required, accepts, keeps, defaults }) => {
  const field = Object.keys(defaults).find(
    (name) =>
      required.has(name) &&
      !keeps(name, null) &&
      Object.hasOwn(current, name) &&
      JSON.stringify(current[name]) !== JSON.stringify(defaults[name]) &&
      accepts({ [name]: null }),
  );
  if (field === undefined) return undefined;
  return {
    body: { [field]: null },
    expected: { ...current, [field]: defaults[field] },
    what: `removing ${field}, which then holds its default (merge patch)`,
  };
};

/** A PATCH that moves the item's state where its schema takes the state member (an issue closed by
 * `{"state": "closed"}`): last, since a later state may refuse further changes. The state's own
 * instant (`closedAt`) is judged with the change. */
export const stateMoved: Planner = ({ current, accepts, state, defaults }) => {
  if (!state) return undefined;
  // Where the creation did not send it, the item is in its first state: the default, else the first.
  const now = current[state.member] ?? defaults[state.member] ?? state.values[0];
  const value = state.values.find((one) => one !== now && accepts({ [state.member]: one }));
  if (value === undefined) return undefined;
  const body = { [state.member]: value };
  return { body, expected: { ...current, ...body }, what: `moving ${state.member} to ${String(value)}` };
};

/** After a state move, a PATCH that moves the item back to a state whose words make an instant
 * null ("`closedAt`: null while it is open"): reopened, it holds no closing instant. The item's
 * state may refuse it (a closed issue kept closed): a documented conflict is then a note. */
export const stateMovedBack: Planner = ({ current, accepts, state, cleared = [] }) => {
  if (!state || !Object.hasOwn(current, state.member)) return undefined;
  const now = current[state.member];
  for (const { member, whileIn } of cleared) {
    const back = whileIn.find((one) => one !== now && accepts({ [state.member]: one }));
    if (back === undefined) continue;
    const body = { [state.member]: back };
    return {
      body,
      expected: { ...current, ...body, [member]: null },
      what: `moving ${state.member} back to ${String(back)}, which empties ${member}`,
      stateMayRefuse: true,
    };
  }
  return undefined;
};

/** The `default` of each member the schemas give one, the first schema's first. */
export function defaultsOf(schemas: readonly unknown[]): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  for (const schema of schemas)
    for (const [name, member] of Object.entries(propertiesOf(schema as never))) {
      const merged = typeof member === 'object' && member !== null ? mergeAllOf(member as Item) : {};
      if ('default' in merged && !(name in found)) found[name] = merged.default;
    }
  return found;
}
