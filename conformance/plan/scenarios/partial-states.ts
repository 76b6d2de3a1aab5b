// Partial updates about an item's defaults and its state: a member set off its default, then a
// merge patch's null that restores it; a PATCH that moves the state member (its instant judged with
// the change). Planned after the plain steps of partial-updates.ts.
import { mergeAllOf, propertiesOf } from '../../../spec/index.js';
import type { Planner } from './partial-steps.js';

type Item = Record<string, unknown>;

/** A valid-looking value beside a default: an integer one up, another word, the other truth. */
const besideDefault = (value: unknown): unknown[] =>
  typeof value === 'number'
    ? [value + 1, value - 1]
    : typeof value === 'boolean'
      ? [!value]
      : typeof value === 'string'
        ? [`${value}2`]
        : [];

/** Merge Patch: a member with a default the item holds at its default (or the run does not know,
 * its creation having left it out), set to another value, for the null that follows to restore. */
export const awayFromDefault: Planner = ({ current, fresh, required, accepts, keeps, defaults }) => {
  for (const name of Object.keys(defaults)) {
    const atDefault = !Object.hasOwn(current, name) || JSON.stringify(current[name]) === JSON.stringify(defaults[name]);
    if (!required.has(name) || keeps(name, null) || !atDefault) continue;
    const candidates = [fresh[name], ...besideDefault(defaults[name])].filter(
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
