// A parent's capacity, as the words give it (spec/model/capacities.ts): a parent of the run's own is
// made with the smallest capacity its schema takes, then filled three items past it. Each item must
// be admitted below the capacity and wait past it, at its place in the line; the parent's counts of
// them must add up. Freeing an admitted item's place admits the oldest waiting one; releasing a
// waiting item frees no place; raising the capacity admits the next. Judged as api_idioms_honoured
// (capacity_state_wrong, capacity_item_refused, capacity_place_wrong, state_count_wrong).
import type { Action, CapacityRule, CollectionSpec, Resource } from '../../../spec/index.js';
import { mergeAllOf, propertiesOf } from '../../../spec/index.js';
import { idPathText } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { currentEtag } from './held-values.js';
import type { MadeItem } from './making.js';
import { parentParams } from './parents.js';
import { answeredAs, succeeded, withHeader } from './sequence-runner.js';
import type { SequenceRunner } from './sequences.js';

const FILLED = 'items admitted up to the capacity, then waiting';
const PROMOTED = 'a freed place goes to the oldest waiting item';
const WAITING_LEFT = 'a waiting item released frees no place';
const RAISED = 'a raised capacity admits the next waiting item';
/** Items past the capacity: the oldest to promote, one to release, one to admit by a raise. */
const PAST = 3;
/** Capacities the run fills: a parent that cannot be made smaller is said, not filled. */
const LARGEST = 5;

type Reach = ReturnType<SequenceRunner['reach']['scenario']>;

interface Filling {
  readonly rule: CapacityRule;
  readonly resource: Resource;
  readonly parentResource: Resource;
  readonly context: PlanContext;
  readonly runner: SequenceRunner;
}

/** The action that takes an item out of the line from a state: cancel, drop (a DELETE where none). */
function releaseFrom(resource: Resource, rule: CapacityRule, state: string): Action | 'delete' | undefined {
  const action = (resource.idioms.actions ?? []).find(
    (one) =>
      one.member === rule.stateMember &&
      (one.from === undefined || one.from.includes(state)) &&
      ![rule.admitted, rule.waiting].includes(String(one.target)),
  );
  return action ?? (resource.collection.remove ? 'delete' : undefined);
}

export async function checkCapacity(
  resource: Resource,
  parentOf: (collection: CollectionSpec) => Resource | undefined,
  context: PlanContext,
  runner: SequenceRunner,
) {
  const rule = resource.idioms.capacity;
  const parentCollection = context.collections.find((collection) => collection.path === rule?.parent);
  const parentResource = parentCollection && parentOf(parentCollection);
  if (!rule || !parentResource || runner.stopped()) return;
  const steps = [
    FILLED,
    ...(rule.promotes ? [PROMOTED, WAITING_LEFT] : []),
    ...(rule.raisePromotes && parentCollection.update ? [RAISED] : []),
  ];
  const reach = runner.reach.scenario('capacity', `${resource.collection.path} (${rule.capacity})`, steps);
  await fill({ rule, resource, parentResource, context, runner }, reach);
}

async function fill(filling: Filling, reach: Reach) {
  const { rule, resource, parentResource, context, runner } = filling;
  const parents = parentResource.collection;
  const body = parents.create?.operation.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  const minimum = mergeAllOf((propertiesOf(body)[rule.capacity] ?? {}) as Record<string, unknown>).minimum;
  const capacity = Math.max(1, typeof minimum === 'number' ? minimum : 1);
  if (capacity > LARGEST)
    return reach.stop(`the smallest ${rule.capacity} is ${capacity}: more items than the run makes`);
  const above = await parentParams(parents, context, runner);
  const parent = await runner.make(parents, {
    what: `with ${rule.capacity} ${capacity}`,
    purpose: 'capacity',
    parent: above,
    members: { [rule.capacity]: capacity },
  });
  if ('refused' in parent) return reach.stop(parent.refused);
  if (parent.made.item[rule.capacity] !== capacity)
    return reach.stop(`the parent was made with ${rule.capacity} ${JSON.stringify(parent.made.item[rule.capacity])}`);
  const under = { ...above, [rule.parameter]: idPathText(parent.made.item, parents.idProperty) };
  const items: MadeItem[] = [];
  for (let index = 0; index < capacity + PAST; index++) {
    const how = `item ${index + 1} under a parent of ${rule.capacity} ${capacity}`;
    const made = await runner.make(resource.collection, { what: how, purpose: `capacity ${index}`, parent: under });
    if ('refused' in made) {
      if (index < capacity) return reach.stop(`${how} could not be made: ${made.refused}`);
      await refusedPast(filling, under, how);
      return reach.done(FILLED);
    }
    items.push(made.made);
    const waiting = index >= capacity;
    await readItem(
      filling,
      made.made,
      waiting ? rule.waiting : rule.admitted,
      how,
      waiting ? index - capacity + 1 : null,
    );
  }
  await readCounts(filling, parent.made, items.length, capacity, 'the parent filled past its capacity');
  reach.done(FILLED);
  const freed = rule.promotes ? await freePlaces(filling, parent.made, items, capacity, reach) : true;
  if (!rule.raisePromotes || !parents.update) return;
  if (freed) await raise(filling, parent.made, items, capacity, reach);
  else reach.skip(RAISED, 'the places were not freed as the run asked: the line is not known');
}

/** A creation past the capacity the maker could not get taken, sent once more and judged. */
async function refusedPast(filling: Filling, under: Record<string, string>, how: string) {
  const { rule, resource, context, runner } = filling;
  const create = resource.collection.create!;
  const body = await runner.draft(resource.collection, { what: how, purpose: 'capacity past', parent: under });
  if (body === undefined) return;
  await runner.execute(
    context.testCase(create.operation, {
      kind: 'positive',
      plain: true,
      pathParams: under,
      payload: { kind: 'json', value: body },
      what: how,
    }),
    {
      collection: resource.collection,
      sequence: {
        idiom: { idiom: 'capacity-state', member: rule.stateMember, expected: rule.waiting, how, words: rule.words },
      },
    },
  );
}

/** Reads an item, judged in the state (and at the place) its line gives it. */
async function readItem(filling: Filling, item: MadeItem, expected: string, how: string, place: number | null) {
  const { rule, resource, context, runner } = filling;
  const read = resource.collection.read;
  if (!read) return;
  await runner.execute(
    context.testCase(read.operation, { kind: 'positive', plain: true, pathParams: item.at(read.parameter), what: how }),
    {
      collection: resource.collection,
      sequence: {
        idiom: {
          idiom: 'capacity-state',
          member: rule.stateMember,
          expected,
          how,
          words: rule.words,
          ...(rule.position ? { place: { member: rule.position, expected: place } } : {}),
        },
      },
    },
  );
}

/** The parent's counts of its items in some states, as the line stands. */
async function readCounts(
  filling: Filling,
  parent: MadeItem,
  made: number,
  admitted: number,
  how: string,
  released = 0,
) {
  const { rule, resource, parentResource, context, runner } = filling;
  const read = parentResource.collection.read;
  const rules = (parentResource.idioms.stateCounts ?? []).filter(
    (count) => count.collection === resource.collection.path && count.weight === undefined && !count.read,
  );
  if (!read || rules.length === 0) return;
  const inState = (state: string) =>
    state === rule.admitted ? admitted : state === rule.waiting ? made - admitted - released : 0;
  const expected = Object.fromEntries(
    rules.map((count) => [
      count.member,
      { expected: count.states.reduce((sum, state) => sum + inState(state), 0), words: count.words },
    ]),
  );
  await runner.execute(
    context.testCase(read.operation, {
      kind: 'positive',
      plain: true,
      pathParams: parent.at(read.parameter),
      what: how,
    }),
    {
      collection: parentResource.collection,
      sequence: { idiom: { idiom: 'state-counts', expected, how, exact: true } },
    },
  );
}

/** Takes an item out of the line from the state it is in; whether the service took it. */
async function release(filling: Filling, item: MadeItem, state: string): Promise<string | undefined> {
  const { rule, resource, context, runner } = filling;
  const how = releaseFrom(resource, rule, state);
  const remove = resource.collection.remove;
  const operation = how === 'delete' ? remove?.operation : how?.operation;
  const parameter = how === 'delete' ? remove?.parameter : resource.collection.read?.parameter;
  if (!operation || !parameter) return `no action takes an item out of the line from ${state}`;
  let testCase = context.testCase(operation, {
    kind: 'positive',
    plain: true,
    pathParams: item.at(parameter),
    what: `to free its place (${state})`,
  });
  if (operation.parameters.some((p) => p.in === 'header' && /^if-match$/i.test(p.name))) {
    const etag = await currentEtag(resource, context, runner, item.at);
    if (etag) testCase = withHeader(testCase, 'If-Match', etag);
  }
  const answer = await runner.execute(testCase, { collection: resource.collection });
  return succeeded(answer) ? undefined : `freeing a place was ${answeredAs(answer)}`;
}

/** Frees an admitted item's place, then releases a waiting one; whether both were taken. */
async function freePlaces(filling: Filling, parent: MadeItem, items: MadeItem[], capacity: number, reach: Reach) {
  const { rule } = filling;
  const why = await release(filling, items[0]!, rule.admitted);
  if (why) {
    reach.skip(PROMOTED, why);
    reach.skip(WAITING_LEFT, why);
    return false;
  }
  const [oldest, next, last] = items.slice(capacity);
  await readItem(filling, oldest!, rule.admitted, 'the oldest waiting item, once a place was freed', null);
  await readItem(filling, next!, rule.waiting, 'the next waiting item, once the oldest took the place', 1);
  await readCounts(filling, parent, items.length, capacity, 'a place freed and taken', 1);
  reach.done(PROMOTED);
  const left = await release(filling, next!, rule.waiting);
  if (left) {
    reach.skip(WAITING_LEFT, left);
    return false;
  }
  await readItem(filling, last!, rule.waiting, 'the last waiting item, once the one before it left the line', 1);
  await readCounts(filling, parent, items.length, capacity, 'a waiting item released', 2);
  reach.done(WAITING_LEFT);
  return true;
}

async function raise(filling: Filling, parent: MadeItem, items: MadeItem[], capacity: number, reach: Reach) {
  const { rule, parentResource, context, runner } = filling;
  const update = parentResource.collection.update!;
  let testCase = context.testCase(update.operation, {
    kind: 'positive',
    plain: true,
    pathParams: parent.at(update.parameter),
    payload: { kind: 'json', value: { [rule.capacity]: capacity + 1 } },
    what: `${rule.capacity} raised to ${capacity + 1}`,
  });
  const etag = await currentEtag(parentResource, context, runner, parent.at);
  if (etag) testCase = withHeader(testCase, 'If-Match', etag);
  const answer = await runner.execute(testCase, { collection: parentResource.collection });
  if (!succeeded(answer)) return reach.skip(RAISED, `raising ${rule.capacity} was ${answeredAs(answer)}`);
  const waiting = rule.promotes ? items.at(-1)! : items[capacity]!;
  await readItem(filling, waiting, rule.admitted, `the next waiting item, once ${rule.capacity} was raised`, null);
  reach.done(RAISED);
}
