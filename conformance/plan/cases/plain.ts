// Plain valid input: short letters and digits that any correct service accepts.
import type { Operation } from '../../../spec/index.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import type { Planner } from '../planner.js';

export function plainCase(operation: Operation, context: PlanContext, body: unknown, index: number): TestCase {
  return context.testCase(operation, {
    kind: 'positive',
    plain: true,
    pathParams: context.pathParams(operation, 'plain', index),
    ...(body !== undefined ? { payload: { kind: 'json', value: body } } : {}),
    what: body !== undefined ? 'with a plain valid body' : 'with valid input',
  });
}

export const plainPlanner: Planner = {
  name: 'plain',
  sends: 'plain valid input (every property, then the required ones only)',
  plan(operation, context) {
    const [first, ...rest] = context.plainInputs(operation);
    if (first === undefined && context.requestSchema(operation)) return {};
    return {
      probe: plainCase(operation, context, first, 0),
      cases: rest.map((body, index) => plainCase(operation, context, body, index + 1)),
    };
  },
};
