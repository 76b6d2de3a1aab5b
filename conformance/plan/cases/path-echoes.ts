// A body member that repeats a path parameter (a PUT's `key` under /spaces/{key}), sent with another
// value than the path's where the words refuse that ("A body `key` that differs from the path is
// answered `422`"): invalid input the service must refuse. Valid cases always send the path's value.
import { propertiesOf, sentencesOf } from '../../../spec/index.js';
import type { TestCase } from '../../model.js';
import type { Planner } from '../planner.js';

const DIFFERS = /\b(?:differs?|different|does\s+not\s+match|doesn't\s+match|mismatch(?:es|ed)?|other\s+than)\b/i;

export const pathEchoesPlanner: Planner = {
  name: 'path-echoes',
  sends: 'the baseline body with a member named like a path parameter holding another value, where the words refuse it',
  plan(operation, context) {
    const baseline = context.objectBaseline(operation);
    if (!baseline) return {};
    const sentences = sentencesOf([operation.summary, operation.description]);
    const cases: TestCase[] = [];
    const pathParams = context.pathParams(operation, 'plain', 0);
    for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
      const { name } = parameter;
      const said = sentences.some(
        (sentence) => sentence.includes(`\`${name}\``) && DIFFERS.test(sentence) && /\b(?:path|URL)\b/i.test(sentence),
      );
      const declared = Object.keys(propertiesOf(baseline.request.schema));
      if (!said || !(name in baseline.body || declared.includes(name))) continue;
      const others = context
        .plainBodies(operation, 4, 'path-echo')
        .map((body) => (body as Record<string, unknown>)[name])
        .filter((value) => value !== undefined && String(value) !== pathParams[name]);
      const sent = others
        .map((value) => ({ ...(baseline.body as Record<string, unknown>), [name]: value }))
        .find((body) => baseline.request.isValid(body));
      if (!sent) continue;
      cases.push(
        context.testCase(operation, {
          kind: 'negative',
          mutation: `${name} differs from the path's`,
          payload: { kind: 'json', value: sent },
          pathParams,
          what: `body: ${name} other than the path's`,
        }),
      );
    }
    return { cases };
  },
};
