// Members whose default the parent holds (the model's parentDefaults: "`priority` defaults to the
// project's `defaultPriority`"): a parent is made with its member off its own default, then a child
// under it without the member; the child must hold the parent's value (parent_default_not_applied).
import { mergeAllOf, type ParentDefault, parentItemsOf, propertiesOf, type Resource } from '../../../spec/index.js';
import { asObject, idPathText } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { nearbyValues } from './nearby-values.js';
import { parentParams } from './parents.js';
import { answeredAs, type SequenceRunner } from './sequence-runner.js';

const stepOf = (rule: ParentDefault) => `${rule.member} left out takes the parent's ${rule.parentMember}`;

export const takesParentDefaults = ({ idioms }: Resource): boolean => (idioms.parentDefaults?.length ?? 0) > 0;

/** Values of a member other than its default, within its enum and bounds. */
function offDefault(schema: unknown): unknown[] {
  const merged = typeof schema === 'object' && schema !== null ? mergeAllOf(schema as Record<string, unknown>) : {};
  const { default: start, enum: values, minimum, maximum } = merged as Record<string, unknown>;
  if (Array.isArray(values)) return values.filter((value) => value !== start);
  if (typeof start !== 'number') return [];
  const within = (value: number) =>
    (typeof minimum !== 'number' || value >= minimum) && (typeof maximum !== 'number' || value <= maximum);
  return nearbyValues(start).filter((value) => typeof value === 'number' && within(value));
}

export async function checkParentDefaults(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const rules = resource.idioms.parentDefaults ?? [];
  const parent = parentItemsOf(collection.path, context.collections).at(-1);
  const create = collection.create?.operation;
  const parentCreate = parent?.collection.create?.operation;
  if (!parent || !create || !parentCreate || rules.length === 0 || runner.stopped()) return;
  const reach = runner.reach.scenario('parent defaults', collection.path, rules.map(stepOf));
  const above = await parentParams(parent.collection, context, runner);
  const parentRequest = context.requestSchema(parentCreate);
  for (const rule of rules) {
    if (runner.stopped()) break;
    const [value] = offDefault(propertiesOf(parentRequest?.schema)[rule.parentMember]);
    if (value === undefined) {
      reach.skip(stepOf(rule), `no value of the parent's ${rule.parentMember} off its default was found`);
      continue;
    }
    const made = await runner.make(parent.collection, {
      what: `with ${rule.parentMember} ${JSON.stringify(value)}`,
      purpose: 'parent default',
      parent: above,
      members: { [rule.parentMember]: value },
    });
    if (!('made' in made) || made.made.item[rule.parentMember] !== value) {
      reach.skip(stepOf(rule), 'refused' in made ? made.refused : `the parent holds another ${rule.parentMember}`);
      continue;
    }
    const under = { ...above, [parent.parameter]: idPathText(made.made.item, parent.collection.idProperty) };
    const drafted = asObject(await runner.draft(collection, { what: '', purpose: 'parent default', parent: under }));
    const { [rule.member]: _left, ...body } = drafted ?? {};
    if (!drafted || context.requestSchema(create)?.isValid(body) === false) {
      reach.skip(stepOf(rule), `no valid body without ${rule.member} could be built`);
      continue;
    }
    const executed = await runner.execute(
      context.plainBodyCase(
        create,
        body,
        `without ${rule.member}, under a parent whose ${rule.parentMember} is ${JSON.stringify(value)}`,
        under,
      ),
      {
        collection,
        sequence: { idiom: { idiom: 'parent-default', member: rule.member, expected: value, words: rule.words } },
      },
    );
    if (executed?.exchange.ok) reach.done(stepOf(rule));
    else reach.skip(stepOf(rule), `its creation was ${answeredAs(executed)}`);
  }
}
