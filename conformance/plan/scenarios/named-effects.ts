// What an item's action does to the items it names (the model's namedEffects: "every tool on it
// becomes `reserved`", through the rental's lines) and the states it asks of them (namedStates:
// "names a tool whose status is not `available`" refused). For each effect the run makes a new
// item to be named, an item naming it (through a child where the words go through one), takes the
// action (reached in steps, or from the state the words limit it to) and reads the named item in
// the state the words give (named-moved). In that state, a second item naming it must be refused
// the action that asks another state (named-state-refused), and the named item's own actions that
// the words start elsewhere must be refused (action-from-state). Only items the run made are used.
import {
  type Action,
  type CollectionSpec,
  CREATION_VERB,
  type NamedEffect,
  type NamedLink,
  type NamedState,
  parentItemsOf,
  pathMembersOf,
  type Resource,
} from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import { idPathText } from '../../judge/json-body.js';
import type { IdiomEvidence } from '../../model.js';
import type { Exchange } from '../../send/http.js';
import type { PlanContext } from '../context.js';
import { moveItem, reachAction } from './action-paths.js';
import { matchingMembers, namedItem } from './named-made.js';
import { itemOf, type SequenceRunner, succeeded } from './sequence-runner.js';

type Reach = ReturnType<SequenceRunner['reach']['scenario']>;

const stepOf = (effect: NamedEffect) => `${effect.verb} moves a ${effect.collection} item it names to ${effect.to}`;
const stateStepOf = (rule: NamedState) =>
  `${rule.verb} refused while a ${rule.collection} item it names is not ${rule.allowed.join(' or ')}`;

export const movesNamed = ({ idioms }: Resource): boolean =>
  (idioms.namedEffects?.length ?? 0) > 0 || (idioms.namedStates?.length ?? 0) > 0;

interface Parts {
  readonly resource: Resource;
  readonly resourceOf: (collection: CollectionSpec) => Resource | undefined;
  readonly context: PlanContext;
  readonly runner: SequenceRunner;
  readonly reach: Reach;
}

export async function checkNamedEffects(
  resource: Resource,
  resourceOf: Parts['resourceOf'],
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const effects = resource.idioms.namedEffects ?? [];
  const states = resource.idioms.namedStates ?? [];
  const reach = runner.reach.scenario('named effects', resource.collection.path, [
    ...effects.map(stepOf),
    ...states.map(stateStepOf),
  ]);
  const parts = { resource, resourceOf, context, runner, reach };
  const checked = new Set<NamedState>();
  for (const effect of effects) {
    if (runner.stopped()) return;
    const why = await followEffect(effect, states, checked, parts);
    if (why) reach.skip(stepOf(effect), why);
  }
  for (const rule of states.filter((one) => !checked.has(one)))
    reach.skip(
      stateStepOf(rule),
      `no action moved a ${rule.collection} item it names out of ${rule.allowed.join(' or ')}`,
    );
}

/** An item of the resource naming `named` (by its own member, or through a new child). */
export async function namingItem(
  link: NamedLink,
  named: unknown,
  purpose: string,
  { resource, context, runner }: Pick<Parts, 'resource' | 'context' | 'runner'>,
  beside: Readonly<Record<string, unknown>> = {},
) {
  const { collection } = resource;
  const parameter = collection.read?.parameter ?? collection.remove?.parameter;
  if (!parameter) return { why: `no path names a ${collection.path} item` };
  const making = await runner.make(collection, {
    what: `to name a ${link.collection} item of the run's own`,
    purpose,
    parent: {},
    ...(link.through ? {} : { members: { ...beside, [link.via]: named } }),
  });
  if (!('made' in making)) return { why: `no ${collection.path} item could be made: ${making.refused}` };
  const { item, at } = making.made;
  context.markChangedByRun(collection, JSON.stringify(item[collection.idProperty]));
  const idText = idPathText(item, collection.idProperty);
  if (link.through) {
    const child = context.collections.find((one) => one.path === link.through);
    const above = child && parentItemsOf(child.path, context.collections).at(-1);
    if (!child || !above) return { why: `${link.through} items cannot be made` };
    const added = await runner.make(child, {
      what: `naming a ${link.collection} item of the run's own`,
      purpose,
      parent: { ...at(parameter), [above.parameter]: idText },
      members: { ...beside, [link.via]: named },
    });
    if (!('made' in added)) return { why: `no ${child.path} item naming it could be made: ${added.refused}` };
  }
  return { target: { collection, idText, at: at(parameter) } };
}

/** The named item (its id and path values) and a new item naming it. A named item under a parent
 * (a book's copy) is the one the maker makes for the new item's compound reference, read back
 * from the new item's members; any other is made first and named by the new item. */
async function namedAndNaming(effect: NamedEffect, other: CollectionSpec, purpose: string, parts: Parts) {
  const { resource, context, runner } = parts;
  const { collection } = resource;
  const read = other.read!;
  if (!other.path.includes('{') || effect.through) {
    const made = await namedItem(effect, other, purpose, parts);
    if ('why' in made) return made;
    const { named, namedAt } = made;
    context.markChangedByRun(other, JSON.stringify(named));
    const matched = await matchingMembers(effect, other, namedAt, parts);
    if ('why' in matched) return matched;
    const naming = await namingItem(effect, named, purpose, parts, matched.members);
    if ('why' in naming) return { why: naming.why };
    return { named, namedAt, target: naming.target };
  }
  const parameter = collection.read?.parameter ?? collection.remove?.parameter;
  if (!parameter) return { why: `no path names a ${collection.path} item` };
  const making = await runner.make(collection, { what: `naming a new ${other.path} item`, purpose, parent: {} });
  if (!('made' in making)) return { why: `no ${collection.path} item could be made: ${making.refused}` };
  const { item, at } = making.made;
  const names = [...read.operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const carried = pathMembersOf(read.operation.path, Object.keys(item), context.collections, collection) ?? {};
  const values = names.map((name) => item[name === read.parameter ? effect.via : (carried[name] ?? name)]);
  if (values.some((value) => typeof value !== 'string' && typeof value !== 'number'))
    return { why: `the ${collection.path} item made does not say every path value of the ${other.path} item it names` };
  context.markChangedByRun(collection, JSON.stringify(item[collection.idProperty]));
  context.markChangedByRun(other, JSON.stringify(item[effect.via]));
  return {
    named: item[effect.via],
    namedAt: Object.fromEntries(names.map((name, index) => [name, String(values[index])])),
    target: { collection, idText: idPathText(item, collection.idProperty), at: at(parameter) },
  };
}

async function followEffect(
  effect: NamedEffect,
  states: readonly NamedState[],
  checked: Set<NamedState>,
  parts: Parts,
): Promise<string | undefined> {
  const { resource, resourceOf, context, runner, reach } = parts;
  const other = context.collections.find((one) => one.path === effect.collection);
  const read = other?.read;
  const actions = resource.idioms.actions ?? [];
  // A creation's effect follows the new item's creation itself; an action's, the action.
  const action = effect.verb === CREATION_VERB ? undefined : actions.find((one) => one.verb === effect.verb);
  if (!other || !read || (!action && effect.verb !== CREATION_VERB)) return `${effect.collection} items cannot be read`;
  const purpose = `named effects ${effect.verb}`;
  const found = await namedAndNaming(effect, other, purpose, parts);
  if ('why' in found) return found.why;
  const { named, namedAt, target } = found;
  const readCase = (what: string) =>
    context.testCase(read.operation, { kind: 'positive', plain: true, pathParams: namedAt, what });
  // A count the action moves is read just before the action itself, after any steps that reach it.
  let countBefore: unknown;
  const send = async (which: Action): Promise<Exchange | undefined> => {
    if (which === action && effect.grows) {
      const before = await runner.send(readCase(`before ${effect.verb} of an item naming it`));
      countBefore = before?.ok ? itemOf(parseBody(before), other)?.[effect.grows.member] : undefined;
    }
    return runner.send(
      context.testCase(which.operation, {
        kind: 'positive',
        plain: true,
        pathParams: target.at,
        what: `to ${which.verb} an item naming a ${other.path} item`,
      }),
    );
  };
  // Where the words limit the effect to some of the item's states, the item is moved there first.
  let answer: Exchange | undefined;
  if (action && effect.when) {
    const into = actions.filter((one) => effect.when!.includes(String(one.target)));
    const moved = await moveItem(into, actions, target, context, runner);
    if (!moved) return `no action brought a ${resource.collection.path} item to ${effect.when.join(' or ')}`;
    answer = await send(action);
  } else if (action) answer = (await reachAction(action, actions, target, context, runner, send)).answer;
  if (action && (!answer?.ok || answer.response.status >= 300))
    return `its ${effect.verb} was refused (${answer?.ok ? answer.response.status : 'no answer'})`;
  const evidence: IdiomEvidence = {
    idiom: 'named-moved',
    member: effect.stateMember,
    expected: effect.to,
    verb: effect.verb,
    words: effect.words,
  };
  const after = `after ${effect.verb} of an item naming it`;
  const executed = await runner.execute(readCase(after), { collection: other, sequence: { idiom: evidence } });
  reach.done(stepOf(effect));
  if (effect.grows && typeof countBefore === 'number') {
    const { member, by } = effect.grows;
    const grown = { ...evidence, member, expected: countBefore + by };
    await runner.execute(readCase(after), { collection: other, sequence: { idiom: grown } });
  }
  const now = succeeded(executed) ? itemOf(executed.body, other) : undefined;
  if (now?.[effect.stateMember] !== effect.to) return undefined;
  // In that state: the actions that ask another state of it refused, its own actions as drawn.
  for (const rule of states.filter((one) => one.collection === other.path && !one.allowed.includes(effect.to))) {
    if (checked.has(rule) || runner.stopped()) continue;
    checked.add(rule);
    await refusedWhileNamed(rule, named, effect.to, parts);
  }
  await ownActionsRefused(other, resourceOf(other), namedAt, effect.to, parts);
  return undefined;
}

/** A second item naming the named item, whose action the named item's state must refuse. */
async function refusedWhileNamed(rule: NamedState, named: unknown, state: string, parts: Parts) {
  const { resource, context, runner, reach } = parts;
  const action = resource.idioms.actions?.find((one) => one.verb === rule.verb);
  const naming = await namingItem(rule, named, `named states ${rule.verb}`, parts);
  if ('why' in naming) return reach.skip(stateStepOf(rule), naming.why ?? 'no item names it');
  if (!action) return reach.skip(stateStepOf(rule), `no action ${rule.verb}`);
  await runner.execute(
    context.testCase(action.operation, {
      kind: 'positive',
      plain: true,
      pathParams: naming.target.at,
      what: `to ${rule.verb} an item naming a ${rule.collection} item that is ${state}`,
    }),
    {
      collection: resource.collection,
      sequence: {
        idiom: {
          idiom: 'named-state-refused',
          verb: rule.verb,
          fromState: state,
          expectedStatus: rule.status,
          words: rule.words,
        },
      },
    },
  );
  reach.done(stateStepOf(rule));
}

/** The named item's own actions whose drawn starts leave out the state it was moved to. */
async function ownActionsRefused(
  other: CollectionSpec,
  otherResource: Resource | undefined,
  at: Record<string, string>,
  state: string,
  { context, runner }: Parts,
) {
  for (const action of otherResource?.idioms.actions ?? []) {
    const from = action.from?.map(String);
    if (!from || from.includes(state) || action.refusedStatus === undefined || runner.stopped()) continue;
    await runner.execute(
      context.testCase(action.operation, {
        kind: 'positive',
        plain: true,
        pathParams: at,
        what: `to ${action.verb} once an action of an item naming it made it ${state}`,
      }),
      {
        collection: other,
        sequence: {
          idiom: {
            idiom: 'action-from-state',
            verb: action.verb,
            fromState: state,
            allowed: false,
            expectedStatus: action.refusedStatus,
          },
        },
      },
    );
  }
}
