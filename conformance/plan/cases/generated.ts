// Generated input over the whole input space, as fast-check properties that shrink on failure:
// valid bodies (any Unicode, any length), and valid bodies with one generated mutation.
import fc from 'fast-check';
import { valueArbitrary } from '../../../spec/generate/index.js';
import { withinBudget } from '../body-budget.js';
import type { Planner, PropertyPlan } from '../planner.js';
import { distinctWhereSaid } from '../scenarios/distinct-entries.js';
import { invalidOnTheWire, mutationCase, mutationsOf } from './mutations.js';
import { plainCase } from './plain.js';

export const generatedPlanner: Planner = {
  name: 'generated',
  sends: 'generated valid bodies over the whole input space, and generated bodies with one mutation',
  plan(operation, context) {
    const request = context.requestSchema(operation);
    if (!request) {
      const cases = () => fc.nat({ max: 7 }).map((index) => plainCase(operation, context, undefined, index));
      return { properties: [{ name: `${operation.id}:valid`, cases, runs: Math.min(context.runs, 3) }] };
    }
    const mediaType = context.requestMediaType(operation) ?? 'application/json';
    // Lines alike where the words refuse them ("two lines of the same `code`"): made distinct.
    const distinct = distinctWhereSaid(operation, request);
    const wild = () =>
      valueArbitrary(request.generate, { style: 'wild' }).map((body) =>
        distinct(context.withPrefix(request.schema, withinBudget(body, mediaType, request.isValid))),
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
    // Applied to generated bodies, not to the baseline each was found on.
    const mutations = mutationsOf(operation, context).map(({ baseline: _baseline, ...mutation }) => mutation);
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
