// Where the PUT's words say it replaces the item (the model's replaceResetsOf), the replacement
// leaves out one optional member the item holds: that member must come back reset (its default, else
// null), never with the old value.
import {
  type JsonSchema,
  type Operation,
  propertiesOf,
  replaceRemovalsOf,
  replaceResetsOf,
} from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import { anyValueOf } from '../cases/mass-assignment.js';
import type { PlanContext } from '../context.js';

type Item = Record<string, unknown>;

/** A member's schema without its null: a value to move a null default off. */
function notNull(schema: unknown, name: string): Record<string, unknown> {
  const member = { ...(propertiesOf(schema as JsonSchema)[name] as Record<string, unknown> | undefined) };
  if (Array.isArray(member.type)) member.type = member.type.filter((type) => type !== 'null');
  delete member.nullable;
  delete member.default;
  return member;
}

interface MemberLeftOut {
  /** The replacement without the member. */
  readonly body: Item;
  /** The member and the value it reads once replaced. */
  readonly expected: Item;
}

/** What both reset steps read: the members the PUT resets, its request schema, the replacement. */
function resetParts(context: PlanContext, put: Operation, replacement: unknown) {
  // Members the words remove when left out read back as null (absent reads the same).
  const removed = Object.fromEntries(replaceRemovalsOf(put).map((name) => [name, null]));
  const resets = Object.keys(removed).length > 0 ? { ...replaceResetsOf(put), ...removed } : replaceResetsOf(put);
  const request = context.requestSchema(put);
  const body = asObject(replacement);
  return resets && request && body ? { resets, request, body } : undefined;
}

/** The replacement with every optional member the item now holds off its reset value left out
 * (each must come back reset: a service may reset one and keep another), where the PUT replaces and
 * such a member exists; undefined otherwise. */
export function withMemberLeftOut(
  context: PlanContext,
  put: Operation,
  replacement: unknown,
  current: Item,
): MemberLeftOut | undefined {
  const parts = resetParts(context, put, replacement);
  if (!parts) return undefined;
  const { resets, request } = parts;
  let body = parts.body;
  const expected: Item = {};
  for (const [name, reset] of Object.entries(resets)) {
    const held = current[name];
    if (held === undefined || held === null || JSON.stringify(held) === JSON.stringify(reset)) continue;
    const { [name]: _left, ...rest } = body;
    if (!request.isValid(rest)) continue;
    body = rest;
    expected[name] = reset;
  }
  return Object.keys(expected).length > 0 ? { body, expected } : undefined;
}

/** The replacement with every optional member the PUT resets set off its reset value (a default of
 * 10 made 9 or 11), where the item holds the reset value already: a later replacement leaving them
 * out then shows whether each is reset. Undefined where no such member can be moved validly. */
export function withResetMemberMoved(
  context: PlanContext,
  put: Operation,
  replacement: unknown,
  current: Item,
): Item | undefined {
  const parts = resetParts(context, put, replacement);
  if (!parts) return undefined;
  const { resets, request } = parts;
  let body = parts.body;
  let movedAny = false;
  for (const [name, reset] of Object.entries(resets)) {
    const held = current[name] ?? null;
    if (JSON.stringify(held) !== JSON.stringify(reset)) continue;
    // A number next to its default; else the body's own value, or any value of the member but null.
    const others =
      typeof reset === 'number'
        ? [reset - 1, reset + 1, reset * 2]
        : [body[name], anyValueOf(notNull(request.schema, name))];
    const moved = others
      .filter((value) => value !== undefined && JSON.stringify(value) !== JSON.stringify(reset))
      .map((value) => ({ ...body, [name]: value }))
      .find((candidate) => request.isValid(candidate));
    if (!moved) continue;
    body = moved;
    movedAny = true;
  }
  return movedAny ? body : undefined;
}
