// The body's structure, as careless or hostile clients send it: the valid body wrapped in an array,
// a required member named in another letter case, members in reverse order (valid: must be
// accepted), nesting thousands of levels deep, and members named __proto__, constructor and
// prototype (prototype pollution). Each is judged by what the schema says of it: valid input must
// be accepted, invalid refused; the deep nesting and a 2 MiB body must get a documented answer,
// whichever it is.
import { defaultedRequired } from '../../../spec/generate/index.js';
import { isJsonMediaType, propertiesOf, setMember } from '../../../spec/index.js';
import { PLANTED } from '../../judge/pollution-checks.js';
import type { CaseFields } from '../context.js';
import type { Planner } from '../planner.js';

const DEPTH = 5_000;
const OVERSIZED_BYTES = 2 * 1024 * 1024;

/** JSON text of `body` with one extra member nested DEPTH arrays deep (built as text: no recursion). */
function deeplyNested(body: Record<string, unknown>, member: string): string {
  const inner = JSON.stringify(body).slice(1, -1);
  const nested = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
  return `{${inner}${inner ? ',' : ''}${JSON.stringify(member)}:${nested}}`;
}

/** The body with `member` set to `value` as an own property, whatever its name (even __proto__). */
function withMember(body: Record<string, unknown>, member: string, value: unknown): Record<string, unknown> {
  const copy = { ...body };
  setMember(copy, member, value);
  return copy;
}

/** Names every JavaScript object already answers to: sent as members, they are where prototype
 * pollution starts. */
export const PROTOTYPE_MEMBERS = ['__proto__', 'constructor', 'prototype'] as const;

/** The label of the case that sends such a member (the mutation of its invalid form). */
export const prototypeMemberCase = (member: string): string => `with a member named ${member}`;

/** Whether a case sends a prototype-named member: invalid where the schema is closed, yet a service
 * whose safe parser drops the member rightly takes the rest of the body. */
/** The prototype member a case sends (`__proto__`), where it is one of those cases. */
export const prototypeMemberOf = (mutation: string | undefined): (typeof PROTOTYPE_MEMBERS)[number] | undefined =>
  PROTOTYPE_MEMBERS.find((member) => mutation === prototypeMemberCase(member));

export const structurePlanner: Planner = {
  name: 'structure',
  sends:
    'the body wrapped in an array, a member in other letter case, members reordered, deep nesting, __proto__ members, a 2 MiB body',
  plan(operation, context) {
    const request = context.requestSchema(operation);
    const mediaType = context.requestMediaType(operation);
    const body = context.plainInputs(operation)[0];
    if (!request || !mediaType || !isJsonMediaType(mediaType)) return {};
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
    const object = body as Record<string, unknown>;
    const judged = (value: unknown, what: string): CaseFields =>
      request.isValid(value)
        ? { kind: 'positive', payload: { kind: 'json', value }, what }
        : { kind: 'negative', mutation: what, payload: { kind: 'json', value }, what };
    const fields: CaseFields[] = [judged([object], 'with the body wrapped in an array')];
    // A body of its own: the baseline's name is taken by the time this is sent, on a service that
    // refuses names it holds.
    const [own] = context.plainBodies(operation, 1, 'structure');
    const entries = Object.entries((own ?? object) as Record<string, unknown>);
    if (entries.length > 1) {
      fields.push({
        ...judged(Object.fromEntries([...entries].reverse()), 'with its members in reverse order'),
        plain: true,
      });
    }
    for (const name of (request.schema.required as string[] | undefined) ?? []) {
      const other = name === name.toUpperCase() ? name.toLowerCase() : name.charAt(0).toUpperCase() + name.slice(1);
      if (other === name || !(name in object)) continue;
      const { [name]: value, ...rest } = object;
      const spelled = { ...rest, [other]: value };
      const what = `with ${name} spelled ${other}`;
      // A required member with a default, left out, gets its default (plain.ts): then the body is
      // refused or taken as the document allows, unless it breaks something else too.
      const fallback = (propertiesOf(request.schema)[name] as { default?: unknown } | undefined)?.default;
      const defaulted = defaultedRequired(request.schema).includes(name);
      if (defaulted && request.isValid({ ...spelled, [name]: fallback }))
        fields.push({ kind: 'unusual', payload: { kind: 'json', value: spelled }, what });
      else fields.push(judged(spelled, what));
    }
    for (const member of PROTOTYPE_MEMBERS) {
      if (Object.hasOwn(propertiesOf(request.schema), member)) continue;
      const polluted = withMember(object, member, { ...PLANTED });
      fields.push(judged(polluted, prototypeMemberCase(member)));
    }
    fields.push({
      kind: 'unusual',
      payload: { kind: 'raw', text: deeplyNested(object, 'nested') },
      what: `with a member nested ${DEPTH} arrays deep`,
    });
    // One deliberately oversized body: whatever the limit, the refusal is a documented answer in the
    // document's error shape (its status member repeating the HTTP status).
    fields.push({
      kind: 'unusual',
      payload: { kind: 'raw', text: `${JSON.stringify(object).slice(0, -1)}${' '.repeat(OVERSIZED_BYTES)}}` },
      what: 'with a 2 MiB body (valid JSON padded with white space)',
    });
    return { cases: fields.map((field) => context.testCase(operation, field)) };
  },
};
