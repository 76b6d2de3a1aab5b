// A creation's number bounded by a member of the item it names (spec/model/referenced-bounds.ts:
// "`capacity` must not exceed the venue's `maxCapacity`; ... 422"): the run takes an item to name
// (listed, else made), reads its bound, and sends a body naming it with the number one past the
// bound, where the schema takes that; a 2xx is judged as bound-passed.
import {
  type CollectionSpec,
  mergeAllOf,
  propertiesOf,
  type ReferencedBound,
  referencedBoundsOf,
} from '../../../spec/index.js';
import { idPathText } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { parentParams } from './parents.js';
import { answeredAs, itemOf, type SequenceRunner, succeeded } from './sequence-runner.js';

const stepOf = (rule: ReferencedBound) =>
  `${rule.member} past the ${rule.bound} of the item its ${rule.via} names refused`;

export const boundedByReferences = (collection: CollectionSpec, context: PlanContext): boolean =>
  referencedBoundsOf(collection, context.collections).length > 0;

export async function checkReferencedBounds(collection: CollectionSpec, context: PlanContext, runner: SequenceRunner) {
  const rules = referencedBoundsOf(collection, context.collections);
  const create = collection.create?.operation;
  if (rules.length === 0 || !create || runner.stopped()) return;
  const reach = runner.reach.scenario('referenced bounds', collection.path, rules.map(stepOf));
  const parent = await parentParams(collection, context, runner);
  for (const rule of rules) {
    if (runner.stopped()) return;
    const why = await passBound(collection, rule, parent, context, runner);
    if (why) reach.skip(stepOf(rule), why);
    else reach.done(stepOf(rule));
  }
}

async function passBound(
  collection: CollectionSpec,
  rule: ReferencedBound,
  parent: Readonly<Record<string, string>>,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<string | undefined> {
  const create = collection.create!.operation;
  const other = context.collections.find((one) => one.path === rule.collection);
  if (!other?.read) return `${rule.collection} items cannot be read`;
  const [listed] = await runner.listedItems(other);
  const named = listed ?? (await madeOther(other, context, runner));
  if (!named) return `no ${rule.collection} item could be found or made`;
  const id = named[other.idProperty];
  const bound = named[rule.bound];
  if (typeof bound !== 'number') return `its ${rule.bound} is not a number`;
  // Past the bound by one, where the creation's schema still takes that value.
  const schema = mergeAllOf(
    (propertiesOf(context.requestSchema(create)?.schema)[rule.member] ?? {}) as Record<string, unknown>,
  );
  const past = Number.isInteger(bound) ? bound + 1 : bound + 0.01;
  if (typeof schema.maximum === 'number' && past > schema.maximum)
    return `${rule.member} cannot pass ${bound} within its schema`;
  const body = await runner.draft(collection, {
    what: '',
    purpose: 'referenced bound',
    parent,
    members: { [rule.via]: id },
  });
  const sent =
    body && typeof body === 'object'
      ? { ...(body as Record<string, unknown>), [rule.via]: id, [rule.member]: past }
      : undefined;
  if (!sent || context.requestSchema(create)?.isValid(sent) === false) return 'no valid body could be built';
  const executed = await runner.execute(
    context.testCase(create, {
      kind: 'positive',
      plain: true,
      pathParams: parent,
      payload: { kind: 'json', value: sent },
      what: `with ${rule.member} ${past}, past the ${rule.bound} ${bound} of ${idPathText(named, other.idProperty)}`,
    }),
    {
      collection,
      sequence: {
        idiom: {
          idiom: 'bound-passed',
          member: rule.member,
          expected: bound,
          expectedStatus: rule.status,
          words: rule.words,
        },
      },
    },
  );
  return executed?.exchange.ok ? undefined : `its creation was ${answeredAs(executed)}`;
}

/** An item of the bounding collection made for it, as its read answers it. */
async function madeOther(other: CollectionSpec, context: PlanContext, runner: SequenceRunner) {
  const above = await parentParams(other, context, runner);
  const making = await runner.make(other, {
    what: 'to bound a creation naming it',
    purpose: 'referenced bound',
    parent: above,
  });
  if (!('made' in making)) return undefined;
  return succeeded(making.made.executed)
    ? (itemOf(making.made.executed.body, other) ?? making.made.item)
    : making.made.item;
}
