// A creation's optional members its words say may be refused ("A `parentNumber` that names no page
// of this space is refused with 422": the model's said refusals) are left out of the cases that are
// not about them. A generated value of one would otherwise be refused first, and a duplicate tag or
// an over-long title in the same body never meets its own validation.
import type { TestCase } from '../model.js';
import type { RequestSchema } from './context.js';

type Plan = { readonly probe?: TestCase; readonly cases: readonly TestCase[] };

export function withoutRefusableMembers<P extends Plan>(
  plan: P,
  members: readonly string[],
  request: RequestSchema | undefined,
  isAbout: (testCase: TestCase) => (member: string) => boolean,
): P {
  const required = new Set((request?.schema.required as string[] | undefined) ?? []);
  const optional = members.filter((member) => !required.has(member));
  if (optional.length === 0) return plan;
  const strip = (testCase: TestCase): TestCase => {
    const payload = testCase.payload;
    const body = payload?.kind === 'json' ? payload.value : undefined;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return testCase;
    const about = isAbout(testCase);
    const left = optional.filter((member) => Object.hasOwn(body, member) && !about(member));
    if (left.length === 0) return testCase;
    const value = Object.fromEntries(Object.entries(body).filter(([name]) => !left.includes(name)));
    // A valid case stays valid (a schema may ask for the member after all).
    if (testCase.kind === 'positive' && request && !request.isValid(value)) return testCase;
    return { ...testCase, payload: { kind: 'json', value } };
  };
  return { ...plan, ...(plan.probe ? { probe: strip(plan.probe) } : {}), cases: plan.cases.map(strip) };
}
