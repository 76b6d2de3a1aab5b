// Actions the words refuse while a member of the item is unset ("`start` is also refused with `409`
// while no technician is assigned": the model's needsMembers): an item is made without the member,
// moved into a state the action starts from, and the action must get the documented refusal.
import type { Resource } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { intoStartState } from './action-paths.js';
import { createParent, parentParams } from './parents.js';
import { answeredAs, madeItem, type SequenceRunner } from './sequence-runner.js';

export const needsMembers = (resource: Resource): boolean => (resource.idioms.needsMembers?.length ?? 0) > 0;

export async function actionsNeedingMembers(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const needs = resource.idioms.needsMembers ?? [];
  const parameter = collection.read?.parameter ?? collection.remove?.parameter;
  const create = collection.create?.operation;
  if (needs.length === 0 || !parameter || !create || runner.stopped()) return;
  const stepOf = (verb: string, member: string) => `${verb} refused without ${member}`;
  const reach = runner.reach.scenario(
    'needs members',
    collection.path,
    needs.map(({ verb, member }) => stepOf(verb, member)),
  );
  const parent =
    (await createParent(collection, context, runner, 'needs members')) ??
    (await parentParams(collection, context, runner));
  if (!parent) return reach.stop('no parent could be made or found');
  const actions = resource.idioms.actions ?? [];
  for (const need of needs) {
    if (runner.stopped()) break;
    const step = stepOf(need.verb, need.member);
    const drafted = asObject(await runner.draft(collection, { what: '', purpose: 'needs members', parent }));
    const { [need.member]: _left, ...body } = drafted ?? {};
    if (!drafted || context.requestSchema(create)?.isValid(body) === false) {
      reach.skip(step, `no valid body without ${need.member} could be built`);
      continue;
    }
    const executed = await runner.execute(context.plainBodyCase(create, body, `without ${need.member}`, parent), {
      collection,
    });
    const made = madeItem(executed, collection, context, parent);
    const held = made?.item[need.member];
    if (!made || (held !== undefined && held !== null)) {
      reach.skip(step, made ? `the service set ${need.member} itself` : `its creation was ${answeredAs(executed)}`);
      continue;
    }
    const action = actions.find((one) => one.verb === need.verb);
    const at = made.at(parameter);
    if (
      !(await intoStartState(action, actions, made.item, { collection, idText: at[parameter]!, at }, context, runner))
    ) {
      reach.skip(step, `no action moved it to ${action?.from?.join(' or ')}`);
      continue;
    }
    await runner.execute(
      context.testCase(need.operation, {
        kind: 'positive',
        plain: true,
        pathParams: at,
        what: `on an item without ${need.member}`,
      }),
      {
        collection,
        sequence: {
          idiom: { idiom: 'needs-member', expectedStatus: need.status, words: need.words, how: need.member },
        },
      },
    );
    reach.done(step);
  }
}
