// A parent deleted with a child under it. Where the parent's words refuse that ("409 when the book
// has at least one copy"), the documented refusal is expected and the child stays readable; then the
// child goes and the parent with it. Elsewhere a parent deleted for good takes its children along:
// the child no longer reads. The deletion itself is then sent, not judged: a documented refusal of
// deleting a parent that has children (409) is the service's right, and there is nothing to judge.
import {
  type Action,
  type CollectionSpec,
  type Idioms,
  type KeptByChildren,
  parentItemsOf,
  putCreation,
} from '../../../spec/index.js';
import { idPathText } from '../../judge/json-body.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { moveItem } from './action-paths.js';
import { createParent } from './parents.js';
import { answeredAs, type SequenceRunner } from './sequence-runner.js';

const STEP = 'children gone with their parent';
const KEPT = 'deletion refused while it has children';

export async function childrenOfDeletedParent(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
  keptBy: (parent: CollectionSpec) => readonly KeptByChildren[] = () => [],
  idiomsOf: (collection: CollectionSpec) => Idioms | undefined = () => undefined,
): Promise<void> {
  const parent = parentItemsOf(collection.path, context.collections).at(-1);
  const remove = parent?.collection.remove;
  const read = collection.read;
  const madeByClient = parent && (parent.collection.create ?? putCreation(parent.collection));
  if (!parent || !remove || !read || !madeByClient || runner.stopped()) return;
  const rule = keptBy(parent.collection).find((kept) => kept.child === collection.path);
  // A rule on children in some states ("while any copy is on loan"): a child made in another state
  // does not hold its parent, which then goes with its children.
  const reach = runner.reach.scenario('cascade', collection.path, rule?.holding ? [KEPT, STEP] : [rule ? KEPT : STEP]);
  const params = await createParent(collection, context, runner, 'other parent');
  if (!params) return reach.stop('no parent could be made to delete');
  const making = await runner.make(collection, {
    what: 'under a parent to delete',
    purpose: 'cascade',
    parent: params,
  });
  if ('refused' in making) return reach.stop(making.refused);
  const parentId = params[parent.parameter]!;
  const removal = context.testCase(remove.operation, {
    kind: 'positive',
    plain: true,
    pathParams: { ...params, [remove.parameter]: parentId },
    what: 'deleting a parent that has a child',
  });
  const childRead = (what: string) =>
    context.testCase(read.operation, {
      kind: 'positive',
      plain: true,
      pathParams: making.made.at(read.parameter),
      what,
    });
  const goneEvidence = {
    collection,
    sequence: { idiom: { idiom: 'parent-deleted' as const, id: making.made.id, expected: parentId } },
  };
  // A key the client chooses names a new item once made again: the old children are not its own.
  const madeAgain = async () => {
    const { clientKey, create, idProperty } = parent.collection;
    // By its creation with the key in its body, or by a PUT at the key (a course at its slug).
    const byPut = !create && putCreation(parent.collection) !== undefined;
    if ((!clientKey || !create) && !byPut) return;
    if (runner.stopped()) return;
    const above = Object.fromEntries(Object.entries(params).filter(([name]) => name !== parent.parameter));
    const again = await runner.make(parent.collection, {
      what: 'again at the key of a parent just deleted',
      purpose: 'cascade again',
      parent: above,
      ...(byPut ? { key: parentId } : { members: { [idProperty]: parentId } }),
    });
    if ('made' in again && idPathText(again.made.item, idProperty) === parentId)
      await runner.execute(childRead('under a parent made again at its key'), goneEvidence);
  };
  const childActions = idiomsOf(collection)?.actions ?? [];
  // A child made in a state that does not hold its parent (a held booking, where confirmed ones
  // do) is moved into one first, by its actions.
  let childState = rule?.holding ? making.made.item[rule.holding.member] : undefined;
  if (rule?.holding && !rule.holding.values.includes(childState) && read) {
    const { member, values } = rule.holding;
    const into = childActions.filter((action) => action.member === member && values.includes(action.target));
    const target = {
      collection,
      idText: idPathText(making.made.item, collection.idProperty),
      at: making.made.at(read.parameter),
    };
    const moved = into.length > 0 ? await moveItem(into, childActions, target, context, runner) : undefined;
    if (moved) childState = moved.state;
  }
  const held = rule && (!rule.holding || rule.holding.values.includes(childState));
  if (rule && held)
    return keptChild(rule, {
      collection,
      context,
      runner,
      removal,
      childRead,
      made: making.made,
      reach,
      childActions,
      parentId,
      madeAgain,
    });
  if (rule?.holding)
    reach.skip(
      KEPT,
      `the child made is ${String(childState)}, not ${rule.holding.values.join(' or ')}, and no action moved it there`,
    );
  // A parent whose words allow its deletion only in some states (an order once cancelled) is moved
  // into one first, by its actions.
  const lock = idiomsOf(parent.collection)?.ownLocks?.find((own) => own.operation === remove.operation);
  if (lock) {
    const at = { ...params, [remove.parameter]: parentId };
    const actions = idiomsOf(parent.collection)?.actions ?? [];
    const target = { collection: parent.collection, idText: parentId, at };
    const into = actions.filter((a) => a.member === lock.member && lock.allowed.includes(a.target));
    await moveItem(into, actions, target, context, runner);
  }
  // A parent its deletion keeps (soft deletion: a restore, a deleted-items switch) is not gone for
  // good: what stays of its children is the service's to say.
  if (idiomsOf(parent.collection)?.keptDeletion)
    return reach.skip(STEP, `its parent's deletion keeps the parent (it can be restored), so its children may stay`);
  const exchange = await runner.send(removal);
  const status = exchange?.ok ? exchange.response.status : undefined;
  if (status === undefined || status >= 300)
    return reach.stop(`deleting its parent was ${status === undefined ? 'not answered' : `answered ${status}`}`);
  const executed = await readUnderDeleted(collection, context, runner, making.made, parentId);
  if (!executed) return reach.stop(`its read was ${answeredAs(executed)}`);
  reach.done(STEP);
  await madeAgain();
}

interface KeptSteps {
  readonly collection: CollectionSpec;
  readonly context: PlanContext;
  readonly runner: SequenceRunner;
  readonly removal: TestCase;
  readonly childRead: (what: string) => TestCase;
  readonly made: { readonly id: string; readonly at: (parameter: string) => Record<string, string> };
  /** The child's actions: one into a state that holds no parent frees it (an archived page). */
  readonly childActions: readonly Action[];
  readonly parentId: string;
  /** Makes the parent again at its key, where the client chooses it, and reads the child there. */
  readonly madeAgain: () => Promise<void>;
  readonly reach: {
    done: (step: string) => void;
    stop: (why: string) => void;
    skip: (step: string, why: string) => void;
  };
}

/** The parent's deletion refused as its words say, the child still there; then, the child deleted,
 * the parent goes. */
async function keptChild(
  rule: KeptByChildren,
  { collection, context, runner, removal, childRead, made, reach, childActions, parentId, madeAgain }: KeptSteps,
): Promise<void> {
  const words = { expectedStatus: rule.status, words: rule.words };
  const refused = await runner.execute(removal, {
    collection,
    sequence: { idiom: { idiom: 'kept-by-children', id: made.id, ...words } },
  });
  if (!refused?.exchange.ok) return reach.stop(`deleting its parent was ${answeredAs(refused)}`);
  reach.done(KEPT);
  if (refused.exchange.response.status >= 300)
    await runner.execute(childRead('under a parent whose deletion was refused'), {
      collection,
      sequence: { idiom: { idiom: 'kept-child', id: made.id, ...words } },
    });
  // Where only children in some states hold it, the child moved out of them frees the parent, which
  // then goes and takes the child along.
  const read = collection.read;
  const freeing = childActions.filter(
    (action) => rule.holding && action.member === rule.holding.member && !rule.holding.values.includes(action.target),
  );
  const freed =
    read && freeing.length > 0 && !runner.stopped()
      ? await moveItem(
          freeing,
          childActions,
          { collection, idText: made.id, at: made.at(read.parameter) },
          context,
          runner,
        )
      : undefined;
  if (freed) {
    const gone = await runner.send(removal);
    const status = gone?.ok ? gone.response.status : undefined;
    if (status === undefined || status >= 300)
      return reach.stop(`deleting its parent, the child ${String(freed.state)}, was ${status ?? 'not answered'}`);
    await readUnderDeleted(collection, context, runner, made, parentId);
    reach.done(STEP);
    return madeAgain();
  }
  // Left as the words ask: the child deleted first, then the parent.
  const childRemove = collection.remove;
  if (!childRemove || runner.stopped()) return;
  const removed = await runner.send(
    context.testCase(childRemove.operation, {
      kind: 'positive',
      plain: true,
      pathParams: made.at(childRemove.parameter),
      what: 'deleting the child first',
    }),
  );
  if (removed?.ok && removed.response.status < 300) await runner.send(removal);
}

/** The child read under its parent just deleted, and the children's list there: a service may keep
 * them listed where the item's read is refused. Both must not answer the child. */
async function readUnderDeleted(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
  made: KeptSteps['made'],
  parentId: string,
) {
  const read = collection.read!;
  const evidence = {
    collection,
    sequence: { idiom: { idiom: 'parent-deleted' as const, id: made.id, expected: parentId } },
  };
  const at = made.at(read.parameter);
  const executed = await runner.execute(
    context.testCase(read.operation, {
      kind: 'positive',
      plain: true,
      pathParams: at,
      what: 'under a parent just deleted',
    }),
    evidence,
  );
  const list = collection.list;
  if (list && !runner.stopped()) {
    const pathParams = Object.fromEntries(Object.entries(at).filter(([name]) => name !== read.parameter));
    const what = 'listed under a parent just deleted';
    await runner.execute(
      context.testCase(list.operation, { kind: 'positive', plain: true, pathParams, what }),
      evidence,
    );
  }
  return executed;
}
