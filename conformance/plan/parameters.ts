// Path parameter values that break the parameter's schema, as they would arrive in a URL.
import type { TestCase } from '../model.js';
import type { Planner } from './planner.js';

export const parametersPlanner: Planner = {
  name: 'parameters',
  sends: 'path parameters that are not a number, out of range, not in the enum or too long',
  plan(operation, context) {
    const cases: TestCase[] = [];
    for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
      const schema = parameter.validator.schema as Record<string, unknown>;
      const broken: Array<[string, string]> = [];
      if (schema.type === 'integer' || schema.type === 'number') broken.push(['not-a-number', 'is not a number']);
      if (schema.type === 'integer') broken.push(['1.5', 'is not a whole number']);
      if (typeof schema.minimum === 'number')
        broken.push([String(schema.minimum - 1), `is below the minimum ${schema.minimum}`]);
      if (typeof schema.maximum === 'number')
        broken.push([String(schema.maximum + 1), `is above the maximum ${schema.maximum}`]);
      if (Array.isArray(schema.enum)) broken.push(['not-in-enum', `is not one of ${JSON.stringify(schema.enum)}`]);
      if (typeof schema.maxLength === 'number') {
        broken.push(['x'.repeat(schema.maxLength + 1), `is longer than ${schema.maxLength} characters`]);
      }
      for (const [value, label] of broken) {
        const pathParams = { ...context.pathParams(operation, 'plain', 0), [parameter.name]: value };
        const mutation = `path parameter ${parameter.name} ${label}`;
        cases.push(
          context.testCase(operation, {
            kind: 'negative',
            mutation,
            pathParams,
            what: mutation,
            ...context.baselinePayload(operation),
          }),
        );
      }
    }
    return { cases };
  },
};
