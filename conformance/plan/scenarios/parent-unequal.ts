// Members a child's creation must send equal to its parent's ("The `amount` must equal the order's
// `total`; any other amount is answered `422`"): under a parent of the run's own, a body the maker
// would send is sent with the member one off the parent's value. Taken, it breaks the words.
import type { ParentDefault, Resource } from '../../../spec/index.js';
import { isJsonObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { createParent } from './parents.js';
import type { SequenceRunner } from './sequence-runner.js';

const stepOf = (rule: ParentDefault) => `${rule.member} other than the parent's ${rule.parentMember} refused`;

/** Values near the parent's that differ from it: one above and one below for numbers, one longer for text. */
const othersThan = (value: unknown): unknown[] =>
  typeof value === 'number' ? [value + 1, value - 1] : typeof value === 'string' ? [`${value}0`] : [];

export async function checkParentUnequal(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const rules = resource.idioms.parentEquals ?? [];
  const create = collection.create?.operation;
  if (rules.length === 0 || !create || runner.stopped()) return;
  const reach = runner.reach.scenario('parent equals', collection.path, rules.map(stepOf));
  const params = await createParent(collection, context, runner, 'equals other');
  if (!params) return reach.stop('no parent of its own could be made');
  await runner.unlockParent(collection, params);
  const parent = await runner.parentItem(collection, params);
  for (const rule of rules) {
    const held = parent?.[rule.parentMember];
    const body = await runner.draft(collection, { what: '', purpose: 'unequal to its parent', parent: params });
    const schema = context.requestSchema(create);
    const sent = othersThan(held)
      .map((other) => (isJsonObject(body) ? { ...body, [rule.member]: other } : undefined))
      .find((other) => other !== undefined && schema?.isValid(other) !== false);
    if (!sent) {
      reach.skip(stepOf(rule), `no valid body sends ${rule.member} other than ${JSON.stringify(held)}`);
      continue;
    }
    const status = /\b([45]\d\d)\b/.exec(rule.words)?.[1];
    await runner.execute(
      context.testCase(create, {
        kind: 'positive',
        plain: true,
        pathParams: params,
        payload: { kind: 'json', value: sent },
        what: `with ${rule.member} other than its parent's ${rule.parentMember}`,
      }),
      {
        collection,
        sequence: {
          idiom: {
            idiom: 'parent-unequal',
            member: rule.member,
            how: rule.parentMember,
            expected: held,
            changed: sent[rule.member],
            ...(status ? { expectedStatus: Number(status) } : {}),
            words: rule.words,
          },
        },
      },
    );
    reach.done(stepOf(rule));
  }
}
