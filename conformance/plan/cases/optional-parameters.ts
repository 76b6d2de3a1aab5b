// Optional query, header and cookie parameters in combination: each alone beside the required
// ones, as plain valid input a service must accept, then all of them at once. All at once is not
// plain: parameters may depend on each other in ways a document cannot say (a cursor with a sort),
// so a 400 there is a note, as for any unusual input.
import { type JsonSchema, mergeAllOf, type Operation, type ParameterSpec, propertiesOf } from '../../../spec/index.js';
import type { TestCase } from '../../model.js';
import type { Planner } from '../planner.js';
import { carries, RESERVED_HEADERS } from '../serialize.js';

/** Past this many optional parameters, the first ones are sent alone (all still go together). */
const MOST_ALONE = 8;

type Schema = Record<string, unknown>;

const isScalar = (schema: Schema): boolean => !['object', 'array'].includes(String(schema.type)) && !schema.properties;

/** A value the parameter styles spell one way only: a scalar, a list of scalars, an object of
 * scalars. Nested values (a header list of objects) have no defined spelling: client and service
 * may rightly disagree, so they are not sent as plain input. */
function spelledOneWay(parameter: ParameterSpec): boolean {
  const schema = mergeAllOf(parameter.validator.schema as Schema);
  if (schema.type === 'array') return isScalar(mergeAllOf((schema.items ?? {}) as Schema));
  if (schema.type === 'object' || schema.properties)
    return Object.values(propertiesOf(schema as JsonSchema)).every((property) =>
      isScalar(mergeAllOf(property as Schema)),
    );
  return true;
}

const optionalOf = (operation: Operation) =>
  operation.parameters.filter(
    (parameter) =>
      !parameter.required &&
      parameter.in !== 'path' &&
      !(parameter.in === 'header' && RESERVED_HEADERS.has(parameter.name.toLowerCase())),
  );

export const optionalParametersPlanner: Planner = {
  name: 'optional-parameters',
  sends: 'each optional query, header and cookie parameter alone with a plain value, then all of them at once',
  plan(operation, context) {
    const optional = optionalOf(operation);
    const body = context.baselinePayload(operation);
    // Without a body the operation requires, every case would be refused for that alone.
    if (optional.length === 0 || (operation.requestBody?.required && !body.payload)) return {};
    const every = context.parameters(operation, 'plain', 0, true);
    const required = every.filter((placed) => !optional.some((parameter) => carries(placed, parameter)));
    const pathParams = context.pathParams(operation, 'plain', 0);
    const alone = optional.filter(spelledOneWay).slice(0, MOST_ALONE);
    const cases: TestCase[] = alone.flatMap((parameter) => {
      const own = every.filter((placed) => carries(placed, parameter));
      if (own.length === 0) return [];
      return [
        context.testCase(operation, {
          kind: 'positive',
          plain: true,
          pathParams,
          ...body,
          parameters: [...required, ...own],
          what: `with the optional ${parameter.in} parameter ${parameter.name} alone`,
        }),
      ];
    });
    if (optional.length > 1)
      cases.push(
        context.testCase(operation, {
          kind: 'positive',
          pathParams,
          ...body,
          parameters: every,
          what: 'with every optional parameter at once',
        }),
      );
    return { cases };
  },
};
