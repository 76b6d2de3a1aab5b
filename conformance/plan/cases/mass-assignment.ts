// Mass assignment: a creation that also sends the properties the service assigns (in the response
// schema, not in the request's: readOnly), each with a value no service would pick itself. Where
// the request schema is closed the body is invalid and must be refused; where it is open the
// creation may succeed, but the sent values must not become the item's.
import fc from 'fast-check';
import { typesOf, UNSATISFIABLE, valueArbitrary } from '../../../spec/generate/index.js';
import {
  type JsonSchema,
  mergeAllOf,
  type Operation,
  propertiesOf,
  propertiesOfAnyForm,
  readOnlyRequestMembers,
} from '../../../spec/index.js';
import { unknownMembersIgnored } from '../../../spec/model/index.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import type { Planner } from '../planner.js';

/** A value of the property's type that a service assigning it would never choose. */
export function distinctive(schema: Record<string, unknown>): unknown {
  if (schema.enum || 'const' in schema) return undefined;
  const type = typesOf(schema)[0];
  if (type === 'integer' || type === 'number') return 987_654_321;
  if (type !== 'string') return undefined;
  if (schema.format === 'date-time') return '1999-12-31T23:59:59Z';
  if (schema.format === 'date') return '1999-12-31';
  if (schema.format === 'uuid') return 'deadbeef-0000-4000-8000-00000000beef';
  if (schema.format || schema.pattern) return undefined;
  return 'conformance-client-assigned';
}

// A member name no schema declares: whether the request schema takes undeclared members.
export const UNDECLARED = 'conformance-undeclared-member';

/** A plain value of the property's schema (its first enum value, const, or one generated). */
export function anyValueOf(schema: unknown): unknown {
  const property = schema as Record<string, unknown>;
  if (Array.isArray(property.enum)) return property.enum[0];
  if ('const' in property) return property.const;
  const [value] = fc.sample(valueArbitrary(schema as JsonSchema, { style: 'plain' }), { numRuns: 1, seed: 1 });
  return value === UNSATISFIABLE ? undefined : value;
}

/** An enum's value a service assigning the member would not start with: neither its default nor
 * its first (a course `full`, a student `suspended`). */
export function unlikelyMember(schema: unknown): unknown {
  const { enum: values, default: start } = schema as { enum?: unknown[]; default?: unknown };
  const others = Array.isArray(values) ? values.slice(1).filter((value) => value !== start) : [];
  return others.at(-1);
}

/** A value of a service-assigned member (its allOf merged) no service would pick itself: a
 * distinctive one, else for a state one it would not start in. */
export function unpickedValue(schema: Record<string, unknown>): unknown {
  const merged = mergeAllOf(schema);
  return distinctive(merged) ?? unlikelyMember(merged);
}

export const massAssignmentPlanner: Planner = {
  name: 'mass-assignment',
  sends: "a creation that also sends each readOnly (service-assigned) property with a value of the client's",
  plan(operation, context) {
    const collection = context.collections.find((c) => c.create?.operation === operation);
    const baseline = context.objectBaseline(operation);
    if (!baseline) return {};
    const { request } = baseline;
    // A member any form of the body takes (a part line's `unitPriceCents`) is the client's to send.
    const sendable = propertiesOfAnyForm(request.schema);
    const closed = !request.isValid({ ...(baseline.body as Record<string, unknown>), [UNDECLARED]: 1 });
    const ignored = unknownMembersIgnored([
      request.schema.description as string | undefined,
      operation.summary,
      operation.description,
      context.overview,
    ]);
    // Any write's body (a line added to a cart) where the words say such members are ignored.
    if (!collection?.create)
      return ignored && !closed ? { cases: [undeclaredCase(operation, context, baseline.body, true)] } : {};
    const cases: TestCase[] = [];
    for (const [property, schema] of Object.entries(propertiesOf(collection.create.success.schema))) {
      // The id has its own case (a client-sent id that collides with an existing item).
      if (property === collection.idProperty || Object.hasOwn(sendable, property)) continue;
      // Where the request schema is closed, any value of the property makes the body invalid: an
      // enum's or a format's value is sent too (a service that takes it is caught either way).
      // Declared readOnly in the request schema, it may be ignored as well as refused: then only a
      // value the service would not pick itself tells which (an enum's last, off its default).
      const ignorable = readOnlyRequestMembers(operation).includes(property);
      // A state declared as allOf [$ref] beside readOnly: its enum is one level down.
      const merged = mergeAllOf(schema as Record<string, unknown>);
      const own = distinctive(merged);
      // A patterned one (a parent's code, `^[A-Z]{3}[0-9]{2}$`) as any valid value: one the service
      // assigns from the path would never be it.
      const patterned = typeof merged.pattern === 'string';
      // A state as one the service would not start in (`cancelled`), closed body or not.
      const picked = ignorable
        ? unpickedValue(merged)
        : (own ?? (closed || patterned ? anyValueOf(merged) : unlikelyMember(merged)));
      // A value the operation's own answers show the service giving (a download job's `kind: zip`)
      // tells nothing where it comes back: another of its enum does.
      const answered = closed ? [] : answeredValues(operation, property);
      const value = answered.includes(picked)
        ? (merged.enum as unknown[] | undefined)?.find((one) => !answered.includes(one) && one !== merged.default)
        : picked;
      if (value === undefined) continue;
      const [body] = context.plainBodies(operation, 1, `assigned:${property}`);
      if (typeof body !== 'object' || body === null) continue;
      const sent = { ...(body as Record<string, unknown>), [property]: value };
      const what = `with the service-assigned ${property} sent as ${JSON.stringify(value)}`;
      cases.push(
        request.isValid(sent) || ignorable
          ? context.testCase(operation, {
              kind: 'positive',
              payload: { kind: 'json', value: sent },
              assigned: { [property]: value },
              what,
            })
          : context.testCase(operation, {
              kind: 'negative',
              mutation: what,
              payload: { kind: 'json', value: sent },
              assigned: { [property]: value },
              what,
            }),
      );
    }
    // An open request schema takes members it does not name: where the words say they are ignored,
    // a body with one must be taken as it is (a refusal is a failure); elsewhere a refusal is a note.
    if (!closed) cases.push(undeclaredCase(operation, context, baseline.body, ignored));
    return { cases };
  },
};

/** A valid body with a member no schema names: taken as it is where the words say such members are
 * ignored (`plain`: a refusal is a failure); elsewhere a refusal is a note. */
function undeclaredCase(operation: Operation, context: PlanContext, body: unknown, ignored: boolean): TestCase {
  return context.testCase(operation, {
    kind: 'positive',
    ...(ignored ? { plain: true } : {}),
    payload: { kind: 'json', value: { ...(body as Record<string, unknown>), [UNDECLARED]: 'ignored' } },
    what: `with a member the schema does not name (${UNDECLARED})`,
  });
}

/** The values the operation's documented success examples give a member. */
function answeredValues(operation: Operation, member: string): unknown[] {
  return operation.responses
    .filter((response) => /^2/.test(response.status))
    .flatMap((response) => response.content.flatMap((media) => media.examples))
    .flatMap((example) =>
      typeof example === 'object' && example !== null && member in example
        ? [(example as Record<string, unknown>)[member]]
        : [],
    );
}
