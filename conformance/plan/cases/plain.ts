// Plain valid input: short letters and digits that any correct service accepts.
import { defaultedRequired } from '../../../spec/generate/index.js';
import type { Operation } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import type { Planner } from '../planner.js';
import { withPathValues } from '../prefixed-names.js';

export function plainCase(operation: Operation, context: PlanContext, body: unknown, index: number): TestCase {
  return context.testCase(operation, {
    kind: 'positive',
    plain: true,
    pathParams: context.pathParams(operation, 'plain', index),
    ...(body !== undefined ? { payload: { kind: 'json', value: body } } : {}),
    what: body !== undefined ? 'with a plain valid body' : 'with valid input',
  });
}

/** The body without its required members that have a `default` (a schema shared by the answer,
 * where they are always there): the default says what a request that leaves them out gets. Sent as
 * unusual input, so a service that holds to `required` and refuses it is within the document. */
function defaultsLeftOut(operation: Operation, context: PlanContext, body: unknown): TestCase | undefined {
  const required = defaultedRequired(context.requestSchema(operation)?.schema);
  const object = asObject(body);
  if (!object || required.length === 0 || !required.some((name) => name in object)) return undefined;
  const pathParams = context.pathParams(operation, 'plain', 0);
  const left = Object.fromEntries(Object.entries(object).filter(([name]) => !required.includes(name)));
  return context.testCase(operation, {
    kind: 'positive',
    pathParams,
    payload: { kind: 'json', value: withPathValues(left, pathParams) },
    leftOutForDefaults: required,
    what: `with ${required.join(', ')} left out for ${required.length > 1 ? 'their defaults' : 'its default'}`,
  });
}

export const plainPlanner: Planner = {
  name: 'plain',
  sends:
    'plain valid input (every property, then the required ones only, then without the required ones that have a default)',
  plan(operation, context) {
    const [first, ...rest] = context.plainInputs(operation);
    if (first === undefined && context.requestSchema(operation)) return {};
    const defaulted = defaultsLeftOut(operation, context, first);
    return {
      probe: plainCase(operation, context, first, 0),
      cases: [
        ...rest.map((body, index) => plainCase(operation, context, body, index + 1)),
        ...(defaulted ? [defaulted] : []),
      ],
    };
  },
};
