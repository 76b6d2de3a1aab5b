// Body members whose words add a rule to their schema ("Not before today", "a correct check
// digit", "required when `kind` is `quiz`"): the baseline body with one member breaking it, still
// valid by its schema, is invalid input the service must refuse. Parameters get theirs in
// parameters.ts.
import { wordRuleBreaksOf } from '../../../spec/generate/index.js';
import { propertiesOf } from '../../../spec/index.js';
import type { TestCase } from '../../model.js';
import type { Planner } from '../planner.js';
import { presenceBreaksOf } from '../said-presence.js';

export const wordBreaksPlanner: Planner = {
  name: 'word-breaks',
  sends:
    'the baseline body with one member breaking what its words say beyond its schema (a date before today where they forbid it)',
  plan(operation, context) {
    const baseline = context.objectBaseline(operation);
    if (!baseline) return {};
    const { request, body } = baseline;
    const cases: TestCase[] = [];
    for (const [member, schema] of Object.entries(propertiesOf(request.schema))) {
      const description = (schema as { description?: unknown }).description;
      // A date the baseline leaves out or null is broken from today's.
      const format = (schema as { format?: unknown }).format;
      const today = new Date().toISOString();
      const sent = (body as Record<string, unknown>)[member];
      const value = sent ?? (format === 'date' ? today.slice(0, 10) : format === 'date-time' ? today : undefined);
      if (typeof description !== 'string' || value === undefined) continue;
      for (const breaks of wordRuleBreaksOf(member, description)) {
        const broken = breaks(value);
        const sent = broken && { ...(body as Record<string, unknown>), [member]: broken.value };
        if (!broken || !request.isValid(sent)) continue;
        cases.push(
          context.testCase(operation, {
            kind: 'negative',
            mutation: `${member} ${broken.label}`,
            payload: { kind: 'json', value: sent },
            pathParams: context.pathParams(operation, 'plain', 0),
            what: `body: ${member} ${broken.label}`,
          }),
        );
      }
    }
    // A member the words require, or forbid, by another member's value ("Must hold at least one
    // entry when `result` is `fail`"): the baseline with the rule broken, still valid by its schema.
    for (const broken of presenceBreaksOf(body as Record<string, unknown>, request.schema, operation.description)) {
      if (!request.isValid(broken.value)) continue;
      cases.push(
        context.testCase(operation, {
          kind: 'negative',
          mutation: broken.label,
          payload: { kind: 'json', value: broken.value },
          pathParams: context.pathParams(operation, 'plain', 0),
          what: `body: ${broken.label}`,
        }),
      );
    }
    return { cases };
  },
};
