// The idiom scenario's actions (api_idioms_honoured): each action the model read, taken on an item
// of the run's own (the first on the scenario's item), reached in steps where its state refuses it,
// then judged: the item moved to the target, its state's instant set and its update instant moved
// (on the first action, and on each whose words name it), the action refused when taken again and
// from the states the words call final. What the item names is read before and after the first.
import {
  type Action,
  clearedInstantsOf,
  IDEMPOTENCY_HEADER,
  type Resource,
  UPDATE_INSTANT,
} from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import { asObject } from '../../judge/json-body.js';
import type { Executed, IdiomEvidence, TestCase } from '../../model.js';
import type { Exchange } from '../../send/http.js';
import type { PlanContext } from '../context.js';
import { withListedReferences } from './action-bodies.js';
import { reachAction, repeatedUntilMoved } from './action-paths.js';
import { replayTakenAction } from './action-replays.js';
import { addNeededChildren } from './action-sources.js';
import { refuseFromFinalState } from './final-states.js';
import { stampsOf } from './item-instants.js';
import { readBefore, timesKept } from './kept-times.js';
import { followMadeLocation } from './locations.js';
import type { MadeItem } from './making.js';
import { referredReads } from './referred-reads.js';
import { etagOf, itemOf, withHeader } from './sequence-runner.js';
import type { SequenceRunner } from './sequences.js';

export interface ActionParts {
  readonly resource: Resource;
  readonly context: PlanContext;
  readonly runner: SequenceRunner;
  readonly reach: ReturnType<SequenceRunner['reach']['scenario']>;
  readonly judge: (testCase: TestCase, idiom: IdiomEvidence) => Promise<Executed | undefined>;
  /** The scenario's item: its id, path values and the body it was made from. */
  readonly id: string;
  readonly at: (parameter: string) => Record<string, string>;
  readonly body: unknown;
  readonly itemFor: (what: string) => Promise<MadeItem | { readonly refused: string }>;
}

export async function takeActions({
  resource,
  context,
  runner,
  reach,
  judge,
  id,
  at,
  body,
  itemFor,
}: ActionParts): Promise<void> {
  const { collection, idioms } = resource;
  const { read } = collection;
  const conditional = idioms.conditional;
  // Each action on an item of its own (the first on the scenario's): one action may leave the item
  // in a state no other action starts from (cancelled, then completed, is refused).
  let firstAction = true;
  // States the words call final: an item in one was never in another.
  // And the dead ends, where every action's sources are said: a state some action moves to and none
  // starts from (a closed or cancelled work order) is never left, so its time stays null until then.
  const actions = idioms.actions ?? [];
  const sourced = actions.length > 0 && actions.every((action) => action.from !== undefined);
  const deadEnds = sourced
    ? actions
        .map((action) => action.target)
        .filter((target) => target !== undefined && !actions.some((action) => action.from!.includes(target)))
    : [];
  const finalStates = [...new Set([...actions.flatMap((action) => action.refusedFrom ?? []), ...deadEnds])];
  for (const action of idioms.actions ?? []) {
    // An action that moves no state member is taken where its words allow it once (a loan's return).
    if ((action.member === undefined && !action.once) || runner.stopped()) continue;
    const parameter = read?.parameter ?? collection.remove?.parameter;
    if (!parameter) continue;
    // The update time is judged on the first action, and on each whose words name it ("`pickedUpAt`
    // = `updatedAt` = the time of the change"): each judgement waits a second for it.
    const timed = firstAction || namesUpdateInstant(action);
    const target = firstAction ? { id, at } : await itemFor(`to ${action.verb}`);
    if ('refused' in target) {
      reach.skip(`action ${action.verb}`, target.refused);
      continue;
    }
    firstAction = false;
    const targetRead = read
      ? context.testCase(read.operation, {
          kind: 'positive',
          plain: true,
          pathParams: target.at(read.parameter),
          what: 'for its ETag',
        })
      : undefined;
    const etagged = async (testCase: TestCase, operation: Action['operation']) => {
      const etag = conditional && targetRead ? etagOf(await runner.send(targetRead)) : undefined;
      return etag && operation.parameters.some((p) => p.in === 'header' && /^if-match$/i.test(p.name))
        ? withHeader(testCase, 'If-Match', etag)
        : testCase;
    };
    const caseOf = async (which: Action) =>
      etagged(
        await withListedReferences(
          context.testCase(which.operation, {
            kind: 'positive',
            plain: true,
            pathParams: target.at(parameter),
            what: `to ${which.verb}`,
          }),
          which.operation,
          context,
          runner,
        ),
        which.operation,
      );
    let actionCase = await caseOf(action);
    // The item's stamps right before the action is sent (after any step that reached it), a second
    // or more old: the action must move its update time.
    let instantsBefore: Record<string, string> | undefined;
    // Read before each try until one is taken: a repeat after that (until the item moves) is
    // judged against the stamps before the take.
    let taken: { testCase: TestCase; answer: Exchange } | undefined;
    // The item's ETag right before the take, where its read gives one and it is not in the target
    // state yet: a strong validator changes whenever the representation does (RFC 9110 8.8.3).
    let etagBefore: string | undefined;
    // The item's members that were null right before the take: another state's instant among them
    // stays null ("`receivedAt` null until received" after a submit).
    let nullsBefore: ReadonlySet<string> | undefined;
    // And the item as it was then: the times of states it passed through keep their values.
    let itemBefore: Record<string, unknown> | undefined;
    const otherTargets = actions.some((other) => other.target !== undefined && other.target !== action.target);
    const tagged = targetRead && conditional?.etagOn.includes(targetRead.operation) ? targetRead : undefined;
    const sendAction = async (which: Action) => {
      if (timed && which === action && targetRead && !taken)
        instantsBefore = await stampsOf(runner, targetRead, collection);
      if (tagged && which === action && !taken)
        etagBefore = await etagAwayFromTarget(tagged, action, collection, runner);
      if (targetRead && which === action && !taken && otherTargets)
        ({ nulls: nullsBefore, item: itemBefore } = readBefore(await runner.send(targetRead), collection));
      const testCase = await caseOf(which);
      if (which === action) actionCase = testCase;
      const answer = await runner.send(testCase);
      if (which === action && answer?.ok && answer.response.status < 300) taken ??= { testCase, answer };
      return answer;
    };
    const idText = target.at(parameter)[parameter]!;
    // Into a final state, the item first gets the children its actions need (a course its lesson):
    // an action then refused from there is refused for the state, not for a missing child.
    if (finalStates.includes(action.target)) await addNeededChildren(resource, target.at(parameter), context, runner);
    // What the item refers to, read before and after the first action (an ETag kept over a change).
    const referred = timed ? referredReads(collection, body, context, `referred to by an item to ${action.verb}`) : [];
    for (const read of referred) await runner.send(read);
    const reached = await reachAction(
      action,
      idioms.actions ?? [],
      { collection, idText, at: target.at(parameter) },
      context,
      runner,
      sendAction,
    );
    const done = reached.answer;
    if (!done?.ok || done.response.status >= 300) {
      const tried = reached.steps.length > 0 ? ` (after ${reached.steps.join(', ')})` : '';
      reach.skip(
        `action ${action.verb}`,
        `it was ${done?.ok ? `answered ${done.response.status}` : 'not answered'}${tried}`,
      );
      continue;
    }
    reach.done(`action ${action.verb}`);
    if (taken) await followMadeLocation(action, taken.answer, context, runner);
    if (taken) await replayTakenAction(action, taken, context, runner);
    // An action that moves the item once a condition holds (an enrollment completes once every
    // lesson is recorded) is sent until it does.
    await repeatedUntilMoved(action, collection, done, sendAction);
    for (const read of referred) await runner.send({ ...read, label: `${read.label} (after ${action.verb})` });
    const verb = action.verb;
    if (targetRead && action.member !== undefined)
      await judge(targetRead, {
        idiom: 'action',
        id: target.id,
        member: action.member,
        expected: action.target,
        verb,
        otherFinals: finalStates.filter((state) => state !== action.target),
        ...(nullsBefore ? unreachedStates(action, actions, nullsBefore) : {}),
        ...(itemBefore ? { keptBefore: timesKept(action, actions, itemBefore, clearedInstantsOf(collection)) } : {}),
        ...storedBy(action, actionCase),
        ...(action.nulls ? { nulled: action.nulls } : {}),
        ...(instantsBefore ? { instantsBefore } : {}),
      });
    if (tagged && etagBefore)
      await judge(
        { ...tagged, label: `${tagged.label} (after ${verb})` },
        { idiom: 'etag-changes', id: target.id, expected: etagBefore },
      );
    if (action.refusedStatus !== undefined) {
      // With the item's current ETag: the one the first take carried is stale, and its 412 proves nothing.
      // And with a new idempotency key: the taken one's would be a replay, answered as the take was.
      const keyed = action.operation.parameters.some((p) => p.in === 'header' && IDEMPOTENCY_HEADER.test(p.name));
      const fresh = conditional || keyed ? await caseOf(action) : actionCase;
      const again = { ...fresh, label: `${actionCase.label} again` };
      await judge(again, { idiom: 'action-refused', id: target.id, expectedStatus: action.refusedStatus, verb });
    }
    await refuseFromFinalState(action, idioms.actions ?? [], {
      at: target.at(parameter),
      id: target.id,
      context,
      runner,
      judge,
      forEtag: conditional ? targetRead : undefined,
    });
  }
}

/** The item's ETag as its read answers it, where the item is not in the action's target state yet. */
async function etagAwayFromTarget(
  read: TestCase,
  action: Action,
  collection: Resource['collection'],
  runner: Pick<SequenceRunner, 'send'>,
): Promise<string | undefined> {
  const answer = await runner.send(read);
  const item = answer?.ok && answer.response.status < 300 ? itemOf(parseBody(answer), collection) : undefined;
  const away = item !== undefined && action.member !== undefined && item[action.member] !== action.target;
  return away ? etagOf(answer) : undefined;
}

/** The members the action's body carried that its words say it sets ("Sets ... grade"), as sent. */
function storedBy(action: Action, sent: TestCase): { stored?: Record<string, unknown> } {
  const body = sent.payload?.kind === 'json' ? asObject(sent.payload.value) : undefined;
  const stored = Object.fromEntries(
    (action.sets ?? []).flatMap((member) => (body && member in body ? [[member, body[member]]] : [])),
  );
  return Object.keys(stored).length > 0 ? { stored } : {};
}

const namesUpdateInstant = (action: Action): boolean =>
  (action.operation.description ?? '').split(/[^\w]+/).some((word) => UPDATE_INSTANT.test(word));

/** The other actions' states whose instants were null before this action moved the item: they
 * stay null, for the item has not reached them (the judge finds each state's instant by name). */
function unreachedStates(
  action: Action,
  actions: readonly Action[],
  nullsBefore: ReadonlySet<string>,
): { unreached?: readonly unknown[]; nullBefore?: readonly string[] } {
  const unreached = [...new Set(actions.map((other) => other.target))].filter(
    (state) => state !== undefined && state !== action.target,
  );
  return unreached.length > 0 ? { unreached, nullBefore: [...nullsBefore] } : {};
}
