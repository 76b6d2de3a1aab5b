// Missing and wrong credentials, each with a valid body and (auth comes first) an invalid one.
import { isJsonMediaType } from '../../spec/index.js';
import { invalidAuthVariants } from '../auth-variants.js';
import type { TestCase } from '../model.js';
import type { Planner } from './planner.js';

export const credentialsPlanner: Planner = {
  name: 'credentials',
  sends: 'no credentials, another scheme, an unknown key and near misses of the real key',
  plan(operation, context) {
    // The invalid body is JSON text: sent only where the operation takes JSON.
    const mediaType = context.requestMediaType(operation);
    const hasBody =
      context.requestSchema(operation) !== undefined && mediaType !== undefined && isJsonMediaType(mediaType);
    const pathParams = context.pathParams(operation, 'plain', 0);
    const cases: TestCase[] = [];
    for (const variant of invalidAuthVariants(operation, context.secrets)) {
      const auth = { kind: 'auth' as const, auth: variant, pathParams };
      cases.push(
        context.testCase(operation, { ...auth, what: `with ${variant.label}`, ...context.baselinePayload(operation) }),
      );
      if (hasBody && !variant.browser) {
        const payload = { kind: 'raw' as const, text: '{"invalid": ' };
        cases.push(
          context.testCase(operation, { ...auth, what: `with ${variant.label} and an invalid body`, payload }),
        );
      }
    }
    return { cases };
  },
};
