// Generated input over the whole input space, as fast-check properties that shrink on failure:
// valid bodies (any Unicode, any length), and valid bodies with one generated mutation.
import fc from 'fast-check';
import { valueArbitrary } from '../../spec/generate/index.js';
import { invalidOnTheWire, mutationCase, mutationsOf } from './mutations.js';
import { plainCase } from './plain.js';
import type { Planner, PropertyPlan } from './planner.js';

/** A generated body is at most about this many characters of JSON: one long string is an edge worth
 * sending, dozens in one body (Twilio's 200 form fields) make a body past any service's size limit. */
const BODY_BUDGET = 256 * 1024;
const TRIMMED_LENGTH = 1024;

/** About the length of the value as JSON (escapes counted: a control character is six). */
function textSize(value: unknown): number {
  if (typeof value === 'string') return JSON.stringify(value).length;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + textSize(item), 0);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).reduce((sum, [name, item]) => sum + name.length + textSize(item), 0);
  return 0;
}

function trimmedStrings(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length > TRIMMED_LENGTH ? Array.from(value).slice(0, TRIMMED_LENGTH).join('') : value;
  if (Array.isArray(value)) return value.map(trimmedStrings);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    Object.defineProperty(out, name, {
      value: trimmedStrings(item),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** The body, its long strings cut short where it is over the budget and stays valid so. */
function withinBudget(body: unknown, isValid: (value: unknown) => boolean): unknown {
  if (textSize(body) <= BODY_BUDGET) return body;
  const trimmed = trimmedStrings(body);
  return isValid(trimmed) ? trimmed : body;
}

export const generatedPlanner: Planner = {
  name: 'generated',
  sends: 'generated valid bodies over the whole input space, and generated bodies with one mutation',
  plan(operation, context) {
    const request = context.requestSchema(operation);
    if (!request) {
      const cases = () => fc.nat({ max: 7 }).map((index) => plainCase(operation, context, undefined, index));
      return { properties: [{ name: `${operation.id}:valid`, cases, runs: Math.min(context.runs, 3) }] };
    }
    const wild = () =>
      valueArbitrary(request.generate, { style: 'wild' }).map((body) =>
        context.withPrefix(request.schema, withinBudget(body, request.isValid)),
      );
    const valid: PropertyPlan = {
      name: `${operation.id}:valid`,
      runs: context.runs,
      cases: () =>
        fc.tuple(wild(), fc.nat()).map(([body, index]) =>
          request.isValid(body)
            ? context.testCase(operation, {
                kind: 'positive',
                payload: { kind: 'json', value: body },
                pathParams: context.pathParams(operation, 'wild', index % 8),
                // Optional parameters too, every other case.
                parameters: context.parameters(operation, 'wild', index % 8, index % 2 === 0),
                what: 'with a generated valid body',
              })
            : undefined,
        ),
    };
    const mutations = mutationsOf(operation, context);
    if (mutations.length === 0) return { properties: [valid] };
    const invalid: PropertyPlan = {
      name: `${operation.id}:invalid`,
      runs: context.runs,
      cases: () =>
        fc.tuple(wild(), fc.constantFrom(...mutations)).map(([body, mutation]) => {
          // Only a valid body with one mutation that makes it invalid on the wire is a negative case.
          const payload = mutation.apply(body);
          const stillValid = payload.kind === 'json' && request.isValid(payload.value);
          return request.isValid(body) && !stillValid && invalidOnTheWire(operation, context, mutation, body)
            ? mutationCase(operation, context, mutation, body)
            : undefined;
        }),
    };
    return { properties: [valid, invalid] };
  },
};
