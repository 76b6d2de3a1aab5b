// Where the PUT's words say it replaces the item (the model's replaceResetsOf), the replacement
// leaves out one optional member the item holds: that member must come back reset (its default, else
// null), never with the old value.
import { type Operation, replaceResetsOf } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';

type Item = Record<string, unknown>;

interface MemberLeftOut {
  /** The replacement without the member. */
  readonly body: Item;
  /** The member and the value it reads once replaced. */
  readonly expected: Item;
}

/** What both reset steps read: the members the PUT resets, its request schema, the replacement. */
function resetParts(context: PlanContext, put: Operation, replacement: unknown) {
  const resets = replaceResetsOf(put);
  const request = context.requestSchema(put);
  const body = asObject(replacement);
  return resets && request && body ? { resets, request, body } : undefined;
}

/** The replacement with one optional member the item now holds left out, where the PUT replaces and
 * such a member exists; undefined otherwise. */
export function withMemberLeftOut(
  context: PlanContext,
  put: Operation,
  replacement: unknown,
  current: Item,
): MemberLeftOut | undefined {
  const parts = resetParts(context, put, replacement);
  if (!parts) return undefined;
  const { resets, request, body } = parts;
  for (const [name, reset] of Object.entries(resets)) {
    const held = current[name];
    if (held === undefined || held === null || JSON.stringify(held) === JSON.stringify(reset)) continue;
    const { [name]: _left, ...rest } = body;
    if (request.isValid(rest)) return { body: rest, expected: { [name]: reset } };
  }
  return undefined;
}

/** The replacement with one optional member the PUT resets set off its reset value (a default of 10
 * made 9 or 11), where the item holds the reset value already: a later replacement leaving it out
 * then shows whether it is reset. Undefined where no such member can be moved validly. */
export function withResetMemberMoved(
  context: PlanContext,
  put: Operation,
  replacement: unknown,
  current: Item,
): Item | undefined {
  const parts = resetParts(context, put, replacement);
  if (!parts) return undefined;
  const { resets, request, body } = parts;
  for (const [name, reset] of Object.entries(resets)) {
    const held = current[name] ?? null;
    if (JSON.stringify(held) !== JSON.stringify(reset)) continue;
    const others = typeof reset === 'number' ? [reset - 1, reset + 1, reset * 2] : [body[name]];
    for (const value of others) {
      const moved = { ...body, [name]: value };
      if (value !== undefined && JSON.stringify(value) !== JSON.stringify(reset) && request.isValid(moved))
        return moved;
    }
  }
  return undefined;
}
