// A PUT that replaces the item sets every member from the request (RFC 9110 §9.3.4): a member the
// replacement leaves out takes its default, or null, and never keeps the old value. Judged where the
// PUT's own words say it replaces, since many documented PUTs merge: the replacement leaves out one
// optional member the item holds, and that member is expected back reset.
import type { Operation } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';

type Item = Record<string, unknown>;

const REPLACES = /\breplac/i;

interface MemberLeftOut {
  /** The replacement without the member. */
  readonly body: Item;
  /** The member and the value it reads once replaced: its default, else null. */
  readonly expected: Item;
}

/** What a member left out of the request becomes: its default, else null where it may be null. */
function resetValue(schema: unknown): { value: unknown } | undefined {
  const member = asObject(schema);
  if (!member) return undefined;
  if ('default' in member) return { value: member.default };
  const types = Array.isArray(member.type) ? member.type : [member.type];
  return member.nullable === true || types.includes('null') ? { value: null } : undefined;
}

/** The replacement with one optional member the item now holds left out, where the PUT's words say
 * it replaces and such a member exists; undefined otherwise. */
export function withMemberLeftOut(
  context: PlanContext,
  put: Operation,
  replacement: unknown,
  current: Item,
): MemberLeftOut | undefined {
  if (!REPLACES.test(`${put.summary ?? ''} ${put.description ?? ''}`)) return undefined;
  const request = context.requestSchema(put);
  const body = asObject(replacement);
  const properties = asObject(request?.schema.properties);
  if (!request || !body || !properties) return undefined;
  const required = new Set(Array.isArray(request.schema.required) ? request.schema.required : []);
  for (const [name, schema] of Object.entries(properties)) {
    const reset = resetValue(schema);
    const held = current[name];
    if (required.has(name) || !reset || held === undefined || held === null) continue;
    if (JSON.stringify(held) === JSON.stringify(reset.value)) continue;
    const { [name]: _left, ...rest } = body;
    if (request.isValid(rest)) return { body: rest, expected: { [name]: reset.value } };
  }
  return undefined;
}
