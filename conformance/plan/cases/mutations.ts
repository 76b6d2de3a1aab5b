// Each named mutation applied once to the baseline body: a valid body plus exactly one break.
import { bodyMutations, type Mutation, type Payload, seedOf } from '../../../spec/generate/index.js';
import { isJsonMediaType, type Operation, unknownMembersIgnored } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import type { Planner } from '../planner.js';

/** A mutation of another baseline than the first: a union's other variant (a part line beside a
 * labour one), whose members' mutations only that variant's body shows. */
type BasedMutation = Mutation & { readonly baseline?: unknown };

/** The mutations whose body the document lets a service take: a member no schema names, where its
 * words say such members are ignored ("Unknown members are ignored too"), though a schema below is
 * closed (a rule object with `additionalProperties: false`). */
export function withoutIgnorable<M extends Mutation>(
  mutations: readonly M[],
  operation: Operation,
  context: PlanContext,
): M[] {
  const request = context.requestSchema(operation);
  const ignored = unknownMembersIgnored([
    request?.schema.description as string | undefined,
    operation.summary,
    operation.description,
    context.overview,
  ]);
  return ignored ? mutations.filter((mutation) => !mutation.id.endsWith(':additional-property')) : [...mutations];
}

const isUnion = (schema: unknown): boolean =>
  typeof schema === 'object' && schema !== null && ['oneOf', 'anyOf'].some((keyword) => keyword in schema);

export function mutationsOf(operation: Operation, context: PlanContext): BasedMutation[] {
  const request = context.requestSchema(operation);
  if (!request) return [];
  const [baseline, ...others] = context.plainInputs(operation);
  const all: BasedMutation[] = bodyMutations(request.schema, request.isValid, baseline);
  if (isUnion(request.schema)) {
    const known = new Set(all.map((mutation) => mutation.id));
    // More bodies than the cases' few, so that every variant is likely among them.
    for (const other of [...others, ...context.plainBodies(operation, 12, 'union variants')]) {
      for (const mutation of bodyMutations(request.schema, request.isValid, other)) {
        if (known.has(mutation.id)) continue;
        known.add(mutation.id);
        all.push({ ...mutation, baseline: other });
      }
    }
  }
  // An optional body may be left out: an empty one is no invalid input.
  const required = operation.requestBody?.required === true;
  const sent = withoutIgnorable(all, operation, context).filter((mutation) => required || mutation.id !== 'body:empty');
  const mediaType = context.requestMediaType(operation) ?? 'application/json';
  if (isJsonMediaType(mediaType)) return sent;
  // Outside JSON only a missing field stays invalid on the wire (a form field is text anyway).
  return sent.filter(
    (mutation) => mutation.id.endsWith(':missing') && invalidOnTheWire(operation, context, mutation, baseline),
  );
}

/**
 * Whether `mutation` applied to `body` is still invalid once sent: a form left with no field at all
 * is an absent body, which an optional request body allows.
 */
export function invalidOnTheWire(
  operation: Operation,
  context: PlanContext,
  mutation: Mutation,
  body: unknown,
): boolean {
  if (operation.requestBody?.required === true) return true;
  if (isJsonMediaType(context.requestMediaType(operation) ?? 'application/json')) return true;
  const payload = mutation.apply(body);
  return !(payload.kind === 'json' && hasNoFields(payload.value));
}

const hasNoFields = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && Object.keys(value).length === 0;

/** Text of a format a token would break: a date, a date-time, a uuid. */
const FORMATTED = /^\d{4}-\d{2}-\d{2}([Tt ].*)?$|^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The mutated body with one string the mutation left alone made the run's own (a seeded token
 * appended): if the refused body is stored anyway, the final list shows it. Still invalid: the
 * mutation is untouched.
 */
function markedPayload(
  payload: Payload,
  baselineBody: unknown,
  token: string,
  isValid: (value: unknown) => boolean,
): { payload: Payload; refusalMark?: string } {
  const value = payload.kind === 'json' ? asObject(payload.value) : undefined;
  const baseline = asObject(baselineBody);
  if (!value || !baseline) return { payload };
  // Free text only: a token appended to a date-time, a date or a uuid would break it a second way,
  // and the body would be refused for that before the mutation counts; so would one appended to a
  // union's discriminator (`kind`): the baseline must stay valid with it.
  const untouched = Object.keys(value).find(
    (name) =>
      typeof value[name] === 'string' &&
      value[name] === baseline[name] &&
      !FORMATTED.test(value[name]) &&
      isValid({ ...baseline, [name]: `${value[name]}${token}` }),
  );
  if (untouched === undefined) return { payload };
  const marked = { ...value, [untouched]: `${value[untouched]}${token}` };
  return { payload: { kind: 'json', value: marked }, refusalMark: token };
}

export function mutationCase(
  operation: Operation,
  context: PlanContext,
  mutation: BasedMutation,
  first: unknown,
): TestCase {
  const body = mutation.baseline ?? first;
  const token = `N${seedOf(`${operation.id}:${mutation.id}`, context.seed).toString(36)}`;
  return context.testCase(operation, {
    kind: 'negative',
    mutation: mutation.label,
    ...(mutation.at && mutation.at.length > 0 ? { brokenAt: mutation.at } : {}),
    ...markedPayload(
      mutation.apply(body),
      body,
      token,
      (value) => context.requestSchema(operation)?.isValid(value) ?? true,
    ),
    pathParams: context.pathParams(operation, 'plain', 0),
    what: `body: ${mutation.label}`,
  });
}

export const mutationsPlanner: Planner = {
  name: 'mutations',
  sends: 'the baseline body with one named mutation (missing, wrong type, broken constraint, malformed JSON)',
  plan(operation, context) {
    const baseline = context.plainInputs(operation)[0];
    return {
      cases: mutationsOf(operation, context).map((mutation) => mutationCase(operation, context, mutation, baseline)),
    };
  },
};
