// Missing and wrong credentials, each with a valid body and (auth comes first) an invalid one.
import { seedOf } from '../../../spec/generate/index.js';
import { isJsonMediaType, type Operation } from '../../../spec/index.js';
import { validKeyUndeclared } from '../../auth/auth-near-misses.js';
import { alternativeAuths, invalidAuthVariants } from '../../auth/auth-variants.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import type { Planner } from '../planner.js';

/** A plain valid body with one string made the run's own (a seeded token appended), or undefined. */
function marked(
  operation: Operation,
  context: PlanContext,
): { body: Record<string, unknown>; token: string } | undefined {
  const request = context.requestSchema(operation);
  const [body] = context.plainBodies(operation, 1, 'refused');
  if (!request || typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const token = `R${seedOf(`${operation.id}:refused`, context.seed).toString(36)}`;
  for (const [name, value] of Object.entries(body)) {
    if (typeof value !== 'string') continue;
    const candidate = { ...body, [name]: `${value}${token}` };
    if (request.isValid(candidate)) return { body: candidate, token };
  }
  return undefined;
}

export const credentialsPlanner: Planner = {
  name: 'credentials',
  sends: 'no credentials, another scheme, an unknown key and near misses of the real key; each other alternative alone',
  plan(operation, context) {
    // The invalid body is JSON text: sent only where the operation takes JSON.
    const mediaType = context.requestMediaType(operation);
    const hasBody =
      context.requestSchema(operation) !== undefined && mediaType !== undefined && isJsonMediaType(mediaType);
    const pathParams = context.pathParams(operation, 'plain', 0);
    // A valid body of its own, not the baseline others create with: if a refused creation is
    // stored anyway, its values show in the final list.
    const own = hasBody ? marked(operation, context) : undefined;
    const valid =
      own === undefined
        ? context.baselinePayload(operation)
        : { payload: { kind: 'json' as const, value: own.body }, refusalMark: own.token };
    const cases: TestCase[] = [];
    for (const variant of invalidAuthVariants(operation, context.secrets)) {
      const auth = { kind: 'auth' as const, auth: variant, pathParams };
      // The valid key where the document declares none may be taken (a note): its creation is no
      // refused one, so it carries no refusal mark.
      const body = validKeyUndeclared(variant.id) ? context.baselinePayload(operation) : valid;
      cases.push(context.testCase(operation, { ...auth, what: `with ${variant.label}`, ...body }));
      if (hasBody && !variant.browser) {
        const payload = { kind: 'raw' as const, text: '{"invalid": ' };
        cases.push(
          context.testCase(operation, { ...auth, what: `with ${variant.label} and an invalid body`, payload }),
        );
      }
    }
    // Each other documented alternative alone must let the caller in (a plain valid request).
    for (const auth of alternativeAuths(operation, context.secrets))
      cases.push(
        context.testCase(operation, {
          kind: 'positive',
          plain: true,
          auth,
          pathParams,
          what: `with ${auth.label}`,
          ...context.baselinePayload(operation),
        }),
      );
    return { cases };
  },
};
