// An action the item's state refuses is often one a client reaches in steps: a timesheet is submitted
// once it holds an entry, approved once submitted; a cart is checked out once it holds a line. So a
// refused action is retried after giving the item what it may need, a bounded number of times: one
// child of each collection below it, then each other action that moves it on (those that do not end
// its life first). What was tried is said where the action still cannot run.
import { type Action, type CollectionSpec, parentItemsOf, putCreation } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import type { Exchange } from '../../send/http.js';
import type { PlanContext } from '../context.js';
import { referencedCollections } from '../references.js';
import { withListedReferences } from './action-bodies.js';
import { defaultedMembers } from './reference-values.js';
import { itemOf } from './sequence-runner.js';
import type { SequenceRunner } from './sequences.js';

/** Statuses that say the item's state forbids an action (where the document lists them). */
const STATE_REFUSALS = new Set([409, 422, 400]);

interface Target {
  readonly collection: CollectionSpec;
  /** The item's id as its path names it. */
  readonly idText: string;
  /** Path values naming the item, for its actions. */
  readonly at: Readonly<Record<string, string>>;
}

export interface Reached {
  /** The action's answer: the last one sent. */
  readonly answer: Exchange | undefined;
  /** What the run did to the item first ("an entry added, submitted"), where the first try was refused. */
  readonly steps: readonly string[];
}

const accepted = (exchange: Exchange | undefined): boolean => exchange?.ok === true && exchange.response.status < 300;

const refusedForState = (action: Action, exchange: Exchange | undefined): boolean =>
  exchange?.ok === true &&
  STATE_REFUSALS.has(exchange.response.status) &&
  action.operation.responses.some((response) => response.status === String(exchange.response.status));

/** Collections nested right below the item's collection that the run can make items in. */
function childCollections(collection: CollectionSpec, context: PlanContext): CollectionSpec[] {
  return context.collections.filter(
    (other) =>
      (other.create || putCreation(other)) &&
      parentItemsOf(other.path, context.collections).at(-1)?.collection === collection,
  );
}

/** Items of the run's own, made new, for the child's members that name other items: a new item is
 * in its first state, where a listed one may be held elsewhere (a tool another rental reserved, one
 * the run retired), and an action that checks what its children name would stay refused. Members
 * naming collections the run cannot make are left to the maker. */
export async function newlyNamed(
  child: CollectionSpec,
  verb: string,
  context: PlanContext,
  runner: Pick<SequenceRunner, 'make'>,
): Promise<Record<string, unknown>> {
  const create = child.create?.operation;
  if (!create) return {};
  const members: Record<string, unknown> = {};
  for (const [member, named] of referencedCollections(create, context.collections)) {
    if (!named.create || named.path.includes('{') || named === child) continue;
    const defaults = defaultedMembers(context.requestSchema(named.create.operation)?.schema);
    const made = await runner.make(named, {
      what: `for a ${child.path} item's ${member} to name, new, before ${verb}`,
      purpose: `named by a child for ${verb}`,
      parent: {},
      ...(Object.keys(defaults).length > 0 ? { members: defaults } : {}),
    });
    if ('made' in made) members[member] = made.made.item[named.idProperty];
  }
  return members;
}

/** Items children are being made under for an action, by run: making a child may itself need the
 * item moved first (tickets sell only while the event is on sale, and publishing is refused), and
 * that move must not make children again, or the two would wait on each other forever. */
const childrenUnderWay = new WeakMap<PlanContext, Set<string>>();

/** Sends the action; where the item's state refuses it, gives the item children and moves it by the
 * other actions, retrying after each step. `send` builds and sends an action's case afresh (a new
 * ETag where it takes one). */
export async function reachAction(
  action: Action,
  actions: readonly Action[],
  target: Target,
  context: PlanContext,
  runner: Pick<SequenceRunner, 'make' | 'stopped'>,
  send: (action: Action) => Promise<Exchange | undefined>,
): Promise<Reached> {
  let answer = await send(action);
  const steps: string[] = [];
  if (!refusedForState(action, answer)) return { answer, steps };
  let underWay = childrenUnderWay.get(context);
  if (!underWay) childrenUnderWay.set(context, (underWay = new Set()));
  const key = `${target.collection.path} ${target.idText}`;
  const making = !underWay.has(key);
  if (making) underWay.add(key);
  try {
    if (making) answer = (await withChildren(action, target, context, runner, send, steps)) ?? answer;
  } finally {
    if (making) underWay.delete(key);
  }
  if (!refusedForState(action, answer)) return { answer, steps };
  // Actions that end the item's life (to a state the words call final) last: they close every path.
  const finals = new Set(actions.flatMap((other) => other.refusedFrom ?? []));
  // Actions that keep the state (a line added to a cart) first: they prepare the item and close nothing.
  const keeping = (other: Action) => other.member === undefined && !other.once;
  const others = actions
    .filter(
      (other) => other !== action && (keeping(other) || (other.member !== undefined && other.target !== action.target)),
    )
    .sort(
      (a, b) =>
        Number(!keeping(a)) - Number(!keeping(b)) || Number(finals.has(a.target)) - Number(finals.has(b.target)),
    );
  for (const other of others) {
    if (runner.stopped() || finals.has(other.target)) break;
    if (!accepted(await send(other))) continue;
    steps.push(`${other.verb} first`);
    answer = await send(action);
    if (!refusedForState(action, answer)) return { answer, steps };
  }
  return { answer, steps };
}

/** Gives the item two children of each collection below it, sending the action after each until its
 * state no longer refuses it: the last answer, undefined where no child was made. */
async function withChildren(
  action: Action,
  target: Target,
  context: PlanContext,
  runner: Pick<SequenceRunner, 'make' | 'stopped'>,
  send: (action: Action) => Promise<Exchange | undefined>,
  steps: string[],
): Promise<Exchange | undefined> {
  let answer: Exchange | undefined;
  for (const child of childCollections(target.collection, context)) {
    if (runner.stopped()) break;
    const parameter = parentItemsOf(child.path, context.collections).at(-1)!.parameter;
    const members = await newlyNamed(child, action.verb, context, runner);
    const makeOne = (nth: string) =>
      runner.make(child, {
        what: `for ${action.verb} to find under its parent (${nth})`,
        purpose: `child for ${action.verb}`,
        parent: { ...target.at, [parameter]: target.idText },
        keepParent: true,
        ...(Object.keys(members).length > 0 ? { members } : {}),
      });
    const made = await makeOne('first');
    if (!('made' in made)) continue;
    // Two, not the one it needs: what counts through every child (an enrollment completes once each
    // lesson of its course is recorded) then has a state in between to be seen in.
    const second = await makeOne('second');
    steps.push('made' in second ? `two ${child.path} items added` : `a ${child.path} item added`);
    answer = await send(action);
    if (!refusedForState(action, answer)) return answer;
  }
  return answer;
}

/** Most sent while an accepted action leaves the item short of its target. */
const MOST_REPEATS = 10;

/** Sends an accepted action again while its answer shows the item still short of the action's
 * target but moved on (an enrollment completes once every lesson is recorded, one lesson a
 * request): how many more times it was sent. Stops once the item is there, an answer is refused, or
 * one changes nothing. */
export async function repeatedUntilMoved(
  action: Action,
  collection: CollectionSpec,
  first: Exchange,
  send: (action: Action) => Promise<Exchange | undefined>,
): Promise<number> {
  const member = action.member;
  let last = first;
  let repeats = 0;
  while (member !== undefined && repeats < MOST_REPEATS) {
    const item = last.ok ? itemOf(parseBody(last), collection) : undefined;
    if (!item || !Object.hasOwn(item, member) || item[member] === action.target) break;
    const next = await send(action);
    if (!accepted(next) || !next?.ok || !last.ok || next.response.text === last.response.text) break;
    repeats++;
    last = next;
  }
  return repeats;
}

/** For each member of the creation naming another collection's items, one made for it alone,
 * where the run can make one: the members naming them. */
export async function namedAfresh(
  collection: CollectionSpec,
  context: PlanContext,
  runner: Pick<SequenceRunner, 'freshReference'>,
): Promise<Record<string, unknown>> {
  const create = collection.create?.operation;
  if (!create || !runner.freshReference) return {};
  const named: Record<string, unknown> = {};
  for (const member of referencedCollections(create, context.collections).keys()) {
    const id = await runner.freshReference(collection, member);
    if (id !== undefined) named[member] = id;
  }
  return named;
}

/** Moves the item by the first of `moving` its answer accepts, each reached in steps (reachAction),
 * sent as plain cases at the item's path values: the state it reached and what it took, or
 * undefined where none moved it. */
export async function moveItem(
  moving: readonly Action[],
  actions: readonly Action[],
  target: Target,
  context: PlanContext,
  runner: Pick<SequenceRunner, 'make' | 'stopped' | 'send'> & Partial<Pick<SequenceRunner, 'listedIds'>>,
): Promise<{ readonly state: unknown; readonly steps: readonly string[] } | undefined> {
  const send = async (action: Action) =>
    runner.send(
      await withListedReferences(
        context.testCase(action.operation, {
          kind: 'positive',
          plain: true,
          pathParams: target.at,
          what: `to ${action.verb}`,
        }),
        action.operation,
        context,
        runner,
      ),
    );
  for (const action of moving) {
    if (runner.stopped()) break;
    const reached = await reachAction(action, actions, target, context, runner, send);
    if (!accepted(reached.answer)) continue;
    const repeats = await repeatedUntilMoved(action, target.collection, reached.answer!, send);
    const verb = repeats > 0 ? `${action.verb} ${repeats + 1} times` : action.verb;
    return { state: action.target, steps: [...reached.steps, verb] };
  }
  return undefined;
}

/** Moves a made item into a state `action` starts from, where the item is not in one already (by
 * the actions whose target is such a state): whether it is in one now. */
export async function intoStartState(
  action: Action | undefined,
  actions: readonly Action[],
  item: Readonly<Record<string, unknown>>,
  target: Target,
  context: PlanContext,
  runner: Pick<SequenceRunner, 'make' | 'stopped' | 'send'>,
): Promise<boolean> {
  const member = action?.member;
  if (!action?.from || member === undefined || action.from.includes(String(item[member]))) return true;
  const leading = actions.filter((other) => other.member === member && action.from!.includes(String(other.target)));
  return (await moveItem(leading, actions, target, context, runner)) !== undefined;
}

/** A new item of the collection under `parent`, moved into a state `action` starts from: its path
 * values, or why there is none. */
export async function madeInStartState(
  action: Action | undefined,
  actions: readonly Action[],
  collection: CollectionSpec,
  parameter: string,
  making: { readonly what: string; readonly purpose: string; readonly parent: Readonly<Record<string, string>> },
  context: PlanContext,
  runner: Pick<SequenceRunner, 'make' | 'stopped' | 'send'>,
): Promise<{ readonly at: Record<string, string> } | { readonly why: string }> {
  const made = await runner.make(collection, making);
  if ('refused' in made) return { why: made.refused };
  const at = made.made.at(parameter);
  const target = { collection, idText: at[parameter]!, at };
  return (await intoStartState(action, actions, made.made.item, target, context, runner))
    ? { at }
    : { why: `no action moved it to ${action?.from?.join(' or ')}` };
}
