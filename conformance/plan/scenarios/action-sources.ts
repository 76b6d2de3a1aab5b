// Actions sent from each state the document's words draw around them (the model's `from`: "`draft`
// or `submitted` → `cancelled`"): from every state they start from, on an item of the run's own moved
// there, the action is taken; from every other state an item can reach (final ones are
// final-states.ts's), it gets the documented refusal. A refusal from a drawn state is a failure only
// where the same action was taken from another drawn state in this run: an action may have
// conditions of its own (an event completes once it has ended) that a note then names.
import { type Action, clearedInstantsOf, type Resource, statusMember } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import { moveItem, namedAfresh } from './action-paths.js';
import { readBefore, timesKept } from './kept-times.js';
import { moveByChild, statesSetByChildren } from './parent-moves.js';
import { createParent, parentParams } from './parents.js';
import { answeredAs, withHeader } from './sequence-runner.js';
import type { SequenceRunner } from './sequences.js';
import { setByChange } from './state-changes.js';

const stepOf = (action: Action, state: unknown, allowed: boolean) =>
  `${action.verb} ${allowed ? 'taken' : 'refused'} from ${String(state)}`;

/** The member an action's states are read in: its own, or for an action that moves no state of its
 * own (an invoice's start, "Only for a `completed` work order") the item's state member. */
const stateMemberOf = (action: Action, resource: Resource): string | undefined =>
  action.member ?? (action.from ? statusMember(resource.collection)?.member : undefined);

export const drawsSources = (resource: Resource): boolean =>
  (resource.idioms.actions ?? []).some((action) => action.from && stateMemberOf(action, resource) !== undefined);

export async function checkActionSources(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const actions = resource.idioms.actions ?? [];
  const parameter = collection.read?.parameter ?? collection.remove?.parameter;
  const drawn = actions.filter((action) => action.from && stateMemberOf(action, resource) !== undefined);
  if (drawn.length === 0 || !parameter || runner.stopped()) return;
  const finals = new Set(actions.flatMap((action) => action.refusedFrom ?? []));
  // Every state an action leads to, and the ones none leads to: where an item starts (`open`).
  // Children's creations lead to states too (a payment makes its order `paid`).
  const targets = [
    ...actions.flatMap((action) => (action.member === undefined ? [] : [action.target])),
    ...statesSetByChildren(collection, context).map(({ state }) => state),
  ];
  const initial = (statusMember(collection)?.values ?? []).filter((state) => !targets.includes(state));
  const reachable = [...new Set([...targets, ...initial])];
  // Drawn sources first (the first taken makes a later refusal a failure), then the others.
  const plan = drawn.map((action) => ({
    action,
    states: [
      ...(action.from ?? []).map((state) => ({ state, allowed: true })),
      ...reachable
        .filter((state) => !action.from?.includes(state) && !finals.has(state) && state !== action.target)
        .filter(() => action.refusedStatus !== undefined)
        .map((state) => ({ state, allowed: false })),
    ],
  }));
  const steps = plan.flatMap(({ action, states }) =>
    states.map(({ state, allowed }) => stepOf(action, state, allowed)),
  );
  if (steps.length === 0) return;
  // Under a parent of its own where the run can make one: other scenarios' items there (a section
  // they filled) would change the state a new item starts in.
  const parent =
    (await createParent(collection, context, runner, 'action sources')) ??
    (await parentParams(collection, context, runner));
  const reach = runner.reach.scenario('action sources', collection.path, steps);

  /** A new item, moved into `state` by the actions that lead there; its path values, or why not.
   * Where none could be moved, once more on an item naming items of its own: a vehicle another of
   * the run's rentals holds refuses the pickup for that, not for the rental's state. */
  const itemIn = async (
    state: unknown,
    member: string,
  ): Promise<{ at: Readonly<Record<string, string>> } | { why: string }> => {
    const first = await itemMovedTo(state, member, {});
    if ('at' in first || runner.stopped()) return first;
    const own = await namedAfresh(collection, context, runner);
    return Object.keys(own).length > 0 ? await itemMovedTo(state, member, own) : first;
  };

  const itemMovedTo = async (
    state: unknown,
    member: string,
    members: Record<string, unknown>,
  ): Promise<{ at: Readonly<Record<string, string>> } | { why: string }> => {
    const making = await runner.make(collection, {
      what: `to be ${String(state)}`,
      purpose: 'action sources',
      parent,
      ...(Object.keys(members).length > 0 ? { members } : {}),
    });
    if ('refused' in making) return { why: String(making.refused) };
    const at = making.made.at(parameter);
    // A child first where an action needs one ("only when the course has at least one lesson"): a
    // refusal for the missing child would hide the one for the state (and a later state may lock
    // children out).
    await addNeededChildren(resource, at, context, runner);
    if (making.made.item[member] === state) return { at };
    const moving = actions.filter((action) => action.member === member && action.target === state);
    const target = { collection, idText: at[parameter]!, at };
    const moved = await moveItem(moving, actions, target, context, runner);
    // Or the collection's change, where it sets the state ("`status` may be set to `draft`").
    const changed = moved
      ? undefined
      : await setByChange(collection, member, [state], making.made, at, context, runner);
    // Or a child made under it, where its creation's words move it there (a payment: `paid`).
    const byChild = moved || changed ? false : await moveByChild(collection, state, at, parameter, context, runner);
    return moved || changed || byChild
      ? { at }
      : { why: `no action, change or child moved a new item to ${String(state)}` };
  };

  /** The action's case on the item, with its current ETag where the action takes If-Match. */
  const actionCase = async (action: Action, at: Readonly<Record<string, string>>, state: unknown) => {
    const testCase = context.testCase(action.operation, {
      kind: 'positive',
      plain: true,
      pathParams: at,
      what: `to ${action.verb} an item ${String(state)}`,
    });
    const read = collection.read;
    if (!read || !action.operation.parameters.some((p) => p.in === 'header' && /^if-match$/i.test(p.name)))
      return testCase;
    const answer = await runner.send(
      context.testCase(read.operation, { kind: 'positive', plain: true, pathParams: at, what: 'for its ETag' }),
    );
    const etag = answer?.ok ? answer.response.headers.etag : undefined;
    return typeof etag === 'string' ? withHeader(testCase, 'If-Match', etag) : testCase;
  };

  const keptTimes = async (action: Action, at: Readonly<Record<string, string>>) => {
    const read = collection.read;
    if (!read) return undefined;
    const answer = await runner.send(
      context.testCase(read.operation, {
        kind: 'positive',
        plain: true,
        pathParams: at,
        what: `before ${action.verb}`,
      }),
    );
    const { item } = readBefore(answer, collection);
    return item && timesKept(action, resource.idioms.actions ?? [], item, clearedInstantsOf(collection));
  };

  for (const { action, states } of plan) {
    const member = stateMemberOf(action, resource)!;
    let takenFrom: unknown;
    for (const { state, allowed } of states) {
      if (runner.stopped()) break;
      const step = stepOf(action, state, allowed);
      const item = await itemIn(state, member);
      if ('why' in item) {
        reach.skip(step, item.why);
        continue;
      }
      // The times of the states it passed through, read first where the action is allowed: the
      // action's answer keeps them.
      const kept = allowed ? await keptTimes(action, item.at) : undefined;
      const executed = await runner.execute(await actionCase(action, item.at, state), {
        collection,
        sequence: {
          idiom: {
            idiom: 'action-from-state',
            verb: action.verb,
            fromState: state,
            allowed,
            ...(kept && Object.keys(kept).length > 0 ? { keptBefore: kept } : {}),
            ...(takenFrom === undefined ? {} : { takenFrom }),
            ...(action.refusedStatus ? { expectedStatus: action.refusedStatus } : {}),
          },
        },
      });
      const status = executed?.exchange.ok ? executed.exchange.response.status : undefined;
      if (status === undefined) reach.skip(step, answeredAs(executed));
      else reach.done(step);
      if (allowed && status !== undefined && status < 300) takenFrom ??= state;
    }
  }
}

/** One child in each collection the item's actions need one in, made under the item at `at`. */
export async function addNeededChildren(
  resource: Resource,
  at: Readonly<Record<string, string>>,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const needed = new Set((resource.idioms.needsChildren ?? []).map((need) => need.child));
  for (const path of needed) {
    const child = context.collections.find((collection) => collection.path === path);
    if (child) await runner.make(child, { what: 'as the child its actions need', purpose: 'needed child', parent: at });
  }
}
