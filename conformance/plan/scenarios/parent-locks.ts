// Writes under a parent its words allow only in some states (the model's parentLocks: "Only while
// the timesheet is in `draft` (`409`)"): under a parent of the run's own, with a child made while
// the parent allowed it, the parent is moved out of those states by its own actions (reached in
// steps, action-paths.ts); then each locked write is sent and must get the documented refusal.
import type { Action, ParentLock, Resource } from '../../../spec/index.js';
import { answeredItem, parentOfPath } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { moveItem, newlyNamed } from './action-paths.js';
import { createParent } from './parents.js';
import type { SequenceRunner } from './sequences.js';

type AtOf = (parameter: string) => Record<string, string>;

const stepOf = (lock: ParentLock) => `${lock.operation.method} refused once its parent left ${lock.allowed.join(', ')}`;

export async function checkParentLocks(
  resource: Resource,
  parentResource: Resource | undefined,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const { collection } = resource;
  const locks = resource.idioms.parentLocks ?? [];
  // A parent the client makes, or one made elsewhere (an order a checkout makes).
  const parent = parentOfPath(collection.path, context.collections);
  if (locks.length === 0 || !parent || !parentResource || runner.stopped()) return;
  const reach = runner.reach.scenario('parent lock', collection.path, locks.map(stepOf));
  const [{ member, allowed }] = locks as [ParentLock];
  const actions = parentResource.idioms.actions ?? [];
  const leaving = actions.filter((action) => action.member === member && !allowed.includes(action.target));
  if (leaving.length === 0) return reach.stop(`no action of its parent moves ${member} out of ${allowed.join(', ')}`);
  // Each state its parent's actions leave to, on a parent of its own: a service may lock only some
  // of them (a cancelled reservation takes a charge, a checked-out one does not).
  const byTarget = [...new Map(leaving.map((action) => [String(action.target), action])).values()].slice(0, 3);
  let movedAny = false;
  // Where the child's own creation moves the parent and only creations are locked, later parents are
  // moved bare: a child first would leave them where no action of theirs still starts.
  const creationsOnly = locks.every((lock) => lock.operation === collection.create?.operation);
  let childMoves = false;
  const moveAndSend = async (action: Action, params: Readonly<Record<string, string>>, at: AtOf) => {
    const target = { collection: parent.collection, idText: params[parent.parameter]!, at: params };
    const reached = await moveItem([action], actions, target, context, runner);
    if (reached === undefined) return;
    movedAny = true;
    await sendLocked(locks, resource, context, runner, params, at, String(reached.state), reach);
  };
  for (const [index, action] of byTarget.entries()) {
    if (runner.stopped()) break;
    const purpose = index === 0 ? 'lock' : `lock ${index}`;
    const params = await createParent(collection, context, runner, purpose);
    if (!params) return reach.stop('no parent of its own could be made');
    // A parent made in a state the creation is locked in (an order still draft, receipts allowed
    // once it is submitted): the creation is refused there before the parent is moved at all.
    if (index === 0) await creationUnderNewParent(locks, resource, context, runner, params);
    if (childMoves && creationsOnly) {
      await moveAndSend(action, params, () => params);
      continue;
    }
    // A child naming items made new: a listed one may be held elsewhere (a tool another rental
    // reserved), and the action moving its parent would stay refused.
    const named = await newlyNamed(collection, 'the lock', context, runner);
    const making = await runner.make(collection, {
      what: 'before its parent is locked',
      purpose,
      parent: params,
      ...(Object.keys(named).length > 0 ? { members: named } : {}),
    });
    if ('refused' in making) return reach.stop(making.refused);
    // The child's creation may itself move the parent out ("paying sets the order `paid`"): its
    // locked writes are then refused already, and no action of the parent would still move it.
    const already = await parentStateNow(parentResource, params, context, runner, member);
    if (already === undefined || allowed.includes(already)) {
      await moveAndSend(action, params, making.made.at);
      continue;
    }
    movedAny = true;
    childMoves = true;
    await sendLocked(locks, resource, context, runner, params, making.made.at, String(already), reach);
    if (!creationsOnly) break;
    const bare = await createParent(collection, context, runner, `${purpose} bare`);
    if (bare) await moveAndSend(action, bare, () => bare);
  }
  if (!movedAny) reach.stop(`no action moved its parent out of ${allowed.join(', ')}`);
}

/** The parent's state member as a read of it answers now; undefined where it cannot be read. */
async function parentStateNow(
  parentResource: Resource,
  params: Readonly<Record<string, string>>,
  context: PlanContext,
  runner: SequenceRunner,
  member: string,
): Promise<unknown> {
  const read = parentResource.collection.read;
  if (!read) return undefined;
  const answer = await runner.send(
    context.testCase(read.operation, { kind: 'positive', plain: true, pathParams: params, what: 'for its state' }),
  );
  if (!answer?.ok || answer.response.status >= 300) return undefined;
  const body = parseBody(answer);
  return body.kind === 'json' ? answeredItem(parentResource.collection, body.value)?.[member] : undefined;
}

/** Each locked write under the parent moved to `moved`, judged refused as its words say. */
async function sendLocked(
  locks: readonly ParentLock[],
  resource: Resource,
  context: PlanContext,
  runner: SequenceRunner,
  params: Readonly<Record<string, string>>,
  at: (parameter: string) => Record<string, string>,
  moved: string,
  reach: ReturnType<SequenceRunner['reach']['scenario']>,
) {
  const { collection } = resource;
  for (const lock of locks) {
    // A creation's body as the maker would send it (references filled under this parent).
    // Naming items made new: a listed one may already be on the parent (a tool on this rental),
    // whose own refusal would hide the lock's.
    const creation = lock.operation === collection.create?.operation;
    const drafted = creation
      ? await runner.draft(collection, { what: 'under a locked parent', purpose: 'lock', parent: params })
      : undefined;
    const fresh = creation ? await newlyNamed(collection, 'the locked creation', context, runner) : {};
    const renamed = typeof drafted === 'object' && drafted !== null ? { ...drafted, ...fresh } : drafted;
    const draft = context.requestSchema(lock.operation)?.isValid(renamed) === false ? drafted : renamed;
    const testCase = lockedWrite(lock, resource, context, params, at, draft);
    if (!testCase) {
      reach.skip(stepOf(lock), 'no valid request could be built for it');
      continue;
    }
    const idiom = { idiom: 'parent-locked' as const, expectedStatus: lock.status, words: lock.words, how: moved };
    await runner.execute(testCase, { collection, sequence: { idiom } });
    reach.done(stepOf(lock));
  }
}

/** The locked write as a valid request: the creation with a plain body, the change of the child made
 * before, or its deletion. */
function lockedWrite(
  lock: ParentLock,
  resource: Resource,
  context: PlanContext,
  params: Readonly<Record<string, string>>,
  at: (parameter: string) => Record<string, string>,
  draft: unknown,
): TestCase | undefined {
  const { collection } = resource;
  const role = [collection.replace, collection.update, collection.remove].find((r) => r?.operation === lock.operation);
  const [body] =
    draft !== undefined
      ? [draft]
      : lock.operation.requestBody
        ? context.plainBodies(lock.operation, 1, 'lock')
        : [undefined];
  if (lock.operation.requestBody && body === undefined) return undefined;
  const anchored = role
    ? context.anchors.apply(lock.operation, at(role.parameter), body)
    : context.anchors.apply(lock.operation, params, body);
  return context.testCase(lock.operation, {
    kind: 'positive',
    plain: true,
    pathParams: role ? at(role.parameter) : params,
    ...(anchored === undefined ? {} : { payload: { kind: 'json' as const, value: anchored } }),
    what: 'under a parent its words lock',
  });
}

/** The locked creation under a parent just made, where the parent's first state is one it is locked
 * in; judged as the lock's refusal. */
async function creationUnderNewParent(
  locks: readonly ParentLock[],
  resource: Resource,
  context: PlanContext,
  runner: SequenceRunner,
  params: Readonly<Record<string, string>>,
): Promise<void> {
  const { collection } = resource;
  const lock = locks.find((rule) => rule.operation === collection.create?.operation);
  const parent = lock ? await runner.parentItem(collection, params) : undefined;
  if (!lock || !parent || lock.allowed.includes(parent[lock.member]) || runner.stopped()) return;
  const draft = await runner.draft(collection, { what: 'under a new parent', purpose: 'lock', parent: params });
  const testCase = lockedWrite(lock, resource, context, params, () => ({ ...params }), draft);
  if (!testCase) return;
  const how = `as made (${String(parent[lock.member])})`;
  const idiom = { idiom: 'parent-locked' as const, expectedStatus: lock.status, words: lock.words, how };
  await runner.execute(testCase, { collection, sequence: { idiom } });
}
