// Limits on how many items may name one item (the model's referrerLimits: "`409` when the member
// already has `loanLimit` active loans"): the run makes an item of its own, reads its limit, makes
// that many items naming it, then one more (judged as limit-reached: a 2xx is a failure). Where an
// action moves an item out of the counted states (a loan returned), it takes it on the first one
// and sends that item's own body again: the limit no longer counts it, so the body must be taken
// (limit-freed; refused with the limit's status, a failure).
import {
  type CollectionSpec,
  propertiesOf,
  putCreation,
  type ReferrerLimit,
  type Resource,
} from '../../../spec/index.js';
import { idPathText } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import type { MadeItem } from './making.js';
import { parentParams } from './parents.js';
import type { SequenceRunner } from './sequence-runner.js';

/** Limits the run fills: a larger one costs too many creations for what it shows. */
const MOST = 10;
const reachedStep = (rule: ReferrerLimit) => `${rule.limit} reached refuses one more`;
const freedStep = (rule: ReferrerLimit) => `${rule.limit} counts only ${rule.states?.join(', ') ?? 'its'} items`;

export const limitsReferrers = (resource: Resource): boolean => (resource.idioms.referrerLimits?.length ?? 0) > 0;

export async function checkReferrerLimits(
  resource: Resource,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const { collection, idioms } = resource;
  const rules = idioms.referrerLimits ?? [];
  const reach = runner.reach.scenario(
    'referrer limits',
    collection.path,
    rules.flatMap((rule) => [reachedStep(rule), ...(rule.states ? [freedStep(rule)] : [])]),
  );
  const parent = await parentParams(collection, context, runner);
  for (const rule of rules) {
    if (runner.stopped()) return;
    const why = await fillLimit(resource, rule, parent, context, runner, reach);
    if (why) reach.stop(why);
  }
}

async function fillLimit(
  resource: Resource,
  rule: ReferrerLimit,
  given: Record<string, string>,
  context: PlanContext,
  runner: SequenceRunner,
  reach: ReturnType<SequenceRunner['reach']['scenario']>,
): Promise<string | undefined> {
  const { collection, idioms } = resource;
  let parent = given;
  const other = context.collections.find((c) => c.path === rule.collection);
  if (!other || (!other.create && !putCreation(other))) return `${rule.collection} items cannot be made`;
  // A limited parent is made under a parent of its own, and named by the children's path.
  const above = rule.inPath ? await parentParams(other, context, runner) : {};
  const named = await runner.make(other, {
    what: `to be named up to its ${rule.limit}`,
    purpose: 'referrer limit',
    parent: above,
    ...smallLimit(context, other, rule.limit),
  });
  if (!('made' in named)) return `no ${rule.collection} item could be made: ${named.refused}`;
  const id = named.made.item[other.idProperty];
  if (rule.inPath) parent = named.made.at(rule.via);
  const limit = named.made.item[rule.limit];
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MOST)
    return `its ${rule.limit} (${JSON.stringify(limit)}) is not a small whole number`;
  context.markChangedByRun(other, JSON.stringify(id));
  const members = rule.inPath ? {} : { [rule.via]: id };
  const made: MadeItem[] = [];
  for (let n = 0; n < limit && !runner.stopped(); n++) {
    const making = await runner.make(collection, {
      what: `naming one item up to its ${rule.limit}`,
      purpose: `limit ${n}`,
      parent,
      members,
    });
    if (!('made' in making)) return `only ${made.length} of ${limit} items naming it could be made: ${making.refused}`;
    if (rule.stateMember && !rule.states?.includes(String(making.made.item[rule.stateMember])))
      return `a new item is not ${rule.states?.join(' or ')}`;
    made.push(making.made);
  }
  // One more: any body the service takes is one past the limit.
  const over = await runner.make(collection, {
    what: `past its ${rule.limit}`,
    purpose: 'limit over',
    parent,
    members,
  });
  if ('made' in over)
    runner.conclude(over.made.testCase, over.made.executed.exchange, over.made.executed.body, {
      collection,
      sequence: {
        idiom: {
          idiom: 'limit-reached',
          expectedStatus: rule.status,
          limit: limit,
          member: rule.limit,
          words: rule.words,
        },
      },
    });
  reach.done(reachedStep(rule));
  // One moved out of the counted states frees its place: its own body is taken again.
  const action = idioms.actions?.find(
    (one) => one.member === rule.stateMember && one.target !== undefined && !rule.states?.includes(String(one.target)),
  );
  const parameter = collection.read?.parameter ?? collection.remove?.parameter;
  if (!rule.states || 'made' in over) return undefined;
  if (!action || !parameter) {
    reach.skip(freedStep(rule), 'no action moves an item out of the counted states');
    return undefined;
  }
  const first = made[0]!;
  const moved = await runner.send(
    context.testCase(action.operation, {
      kind: 'positive',
      plain: true,
      pathParams: first.at(parameter),
      what: `to move an item out of what ${rule.limit} counts`,
    }),
  );
  if (!moved?.ok || moved.response.status >= 300) {
    reach.skip(freedStep(rule), `its ${action.verb} was refused`);
    return undefined;
  }
  await runner.execute(
    context.testCase(collection.create!.operation, {
      kind: 'positive',
      plain: true,
      pathParams: parent,
      payload: { kind: 'json', value: first.sent },
      what: `again, once ${idPathText(first.item, collection.idProperty)} was ${String(action.target)}`,
    }),
    {
      collection,
      sequence: {
        idiom: {
          idiom: 'limit-freed',
          expectedStatus: rule.status,
          member: rule.limit,
          verb: action.verb,
          words: rule.words,
        },
      },
    },
  );
  reach.done(freedStep(rule));
  return undefined;
}

/** The limit set low where the creation takes it (a course's `capacity`): two, else the least its
 * schema allows; left to the service otherwise. */
function smallLimit(context: PlanContext, other: CollectionSpec, limit: string): { members?: Record<string, unknown> } {
  const create = other.create?.operation;
  const request = create && context.requestSchema(create);
  const schema = propertiesOf(request?.schema)[limit] as { minimum?: unknown; readOnly?: unknown } | undefined;
  if (!schema || schema.readOnly === true) return {};
  const least = typeof schema.minimum === 'number' ? Math.max(1, Math.ceil(schema.minimum)) : 1;
  const value = Math.max(2, least);
  return value <= MOST ? { members: { [limit]: value } } : {};
}
