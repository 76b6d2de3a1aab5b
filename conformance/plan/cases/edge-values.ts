// Every edge string (and very long strings) in each free string property of the baseline body, one
// property at a time: faults in escaping, trimming, coercion or storage show whatever the seed.
import { EDGE_STRINGS } from '../../../spec/generate/index.js';
import { propertiesOf, truncate } from '../../../spec/index.js';
import type { TestCase } from '../../model.js';
import { isFreeString } from '../context.js';
import type { Planner } from '../planner.js';

// One past the lengths storage columns commonly have (255, 4,000, 8,000), then very long values.
const LONG_VALUES = [
  'x'.repeat(255),
  'x'.repeat(256),
  'x'.repeat(4001),
  'x'.repeat(8001),
  'é'.repeat(10_000),
  '😀'.repeat(50_000),
];

export const edgeValuesPlanner: Planner = {
  name: 'edge-values',
  sends:
    'each free string property set to every edge string, a common column size and one past it (255 and 256, 4,001, 8,001 characters) and to 10,000- and 50,000-character strings',
  plan(operation, context) {
    const baseline = context.objectBaseline(operation);
    if (!baseline) return {};
    const { request, body } = baseline;
    const cases: TestCase[] = [];
    for (const [name, schema] of Object.entries(
      propertiesOf(request.schema) as Record<string, Record<string, unknown>>,
    )) {
      if (!isFreeString(schema)) continue;
      for (const value of [...EDGE_STRINGS, ...LONG_VALUES]) {
        const edged = context.withPrefix(request.schema, { ...(body as Record<string, unknown>), [name]: value });
        if (!request.isValid(edged)) continue;
        // Named as sent: the prefix goes first and the whole is cut to the member's maxLength.
        const sent = String((edged as Record<string, unknown>)[name]);
        const shown = JSON.stringify(sent.length > 40 ? truncate(sent, 12) : sent);
        cases.push(
          context.testCase(operation, {
            kind: 'positive',
            payload: { kind: 'json', value: edged },
            what: `with ${name} ${shown}`,
          }),
        );
      }
    }
    return { cases };
  },
};
