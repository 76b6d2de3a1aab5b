// Whole values in the property that otherwise carries the name prefix: a prefixed value never is
// empty, blank, all digits, padded at the start or lower-case at its first letter, so a server that
// mishandles such a whole value (trims it, stores digits as a number, capitalises it) would go
// unseen. Every other property keeps its plain value; the items created are listed in the JSON report.
import { propertiesOf } from '../../../spec/index.js';
import type { TestCase } from '../../model.js';
import type { Planner } from '../planner.js';

export const WHOLE_VALUES: readonly string[] = [
  '',
  ' ',
  '\t',
  '42',
  '007',
  '-1.5',
  ' leading space',
  'trailing space ',
  'lower case first',
  'ÉCOLE accented',
  'true',
  'null',
];

export const wholeValuesPlanner: Planner = {
  name: 'whole-values',
  sends: 'the name-carrying property as a whole value without the prefix (empty, blank, digits, padded, lower-case)',
  plan(operation, context) {
    const baseline = context.objectBaseline(operation);
    if (!baseline) return {};
    const { request, body } = baseline;
    const name = context.nameProperty(request.schema);
    if (!name || !Object.hasOwn(propertiesOf(request.schema), name)) return {};
    const cases: TestCase[] = [];
    for (const value of WHOLE_VALUES) {
      const whole = { ...(body as Record<string, unknown>), [name]: value };
      if (!request.isValid(whole)) continue;
      cases.push(
        context.testCase(operation, {
          kind: 'positive',
          payload: { kind: 'json', value: whole },
          what: `with the whole value ${JSON.stringify(value)} as ${name}`,
        }),
      );
    }
    return { cases };
  },
};
