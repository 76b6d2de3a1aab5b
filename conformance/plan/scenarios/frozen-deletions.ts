// An item its deletion keeps, that the words freeze until restored ("A deleted project is read-only:
// ... answered `409` until the project is restored"; the model's keptDeletion.frozen): an item of the
// run's own is deleted, then deleted again where the words refuse that ("already deleted is
// answered `409`": keptDeletion.again), changed (one plain member, with its current ETag where the
// change needs If-Match), and a child is made under it; each must get the refusal
// (deleted_item_written).
import {
  type CollectionSpec,
  type FrozenDeletion,
  type Operation,
  parentItemsOf,
  propertiesOf,
  type Resource,
  refusedUnderDeleted,
  responseFor,
} from '../../../spec/index.js';
import { idPathText } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { withCurrentTag } from './current-tags.js';
import { plainestPart } from './own-locks.js';
import { parentParams } from './parents.js';
import { answeredAs, type SequenceRunner } from './sequence-runner.js';

const CHANGE = 'change of a deleted item refused';
const AGAIN = 'second deletion refused';
const KEY = 'key of a deleted item refused to a new creation';
const childStep = (child: CollectionSpec) => `${child.path} item made under a deleted item refused`;

const documents410 = (operation: Operation | undefined): boolean =>
  operation !== undefined && responseFor(operation, 410)?.status === '410';

/** A deletion the read answers `410 Gone` for (the model's softDelete): the item is gone, so a
 * change or a child that documents 410 must be refused too, its 410 the document's word for it. */
function goneDeletion({ idioms, collection }: Resource): FrozenDeletion | undefined {
  if (idioms.softDelete?.status !== 410) return undefined;
  return {
    status: 410,
    words: `${idioms.softDelete.operation.method} ${collection.path}/{…} answers 410 once deleted`,
  };
}

/** The refusal the words give a creation at the key of a deleted item, where the client chooses the
 * key and the words say deleted items keep it. */
function keptKeyRefusal({ idioms, collection }: Resource, context: PlanContext) {
  const said = idioms.refusals?.[collection.idProperty];
  const create = collection.create?.operation;
  const sendsKey = create && Object.hasOwn(propertiesOf(context.requestSchema(create)?.schema), collection.idProperty);
  return said && sendsKey && /\b(?:soft-)?deleted\b/i.test(said.words) ? said : undefined;
}

export const freezesDeletions = (resource: Resource): boolean => {
  const { idioms, collection } = resource;
  const kept = idioms.keptDeletion?.frozen !== undefined || idioms.keptDeletion?.again !== undefined;
  return (
    (kept || goneDeletion(resource) !== undefined) && collection.read !== undefined && collection.remove !== undefined
  );
};

export async function checkFrozenDeletion(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const gone = resource.idioms.keptDeletion ? undefined : goneDeletion(resource);
  const kept = resource.idioms.keptDeletion;
  const { read, remove } = collection;
  // A gone item deleted again gets the 410 its deletion documents ("already soft-deleted is 410").
  const goneAgain = gone && documents410(remove?.operation) ? gone : undefined;
  const { frozen, again } = kept ?? { frozen: gone, again: goneAgain };
  // Where the item is gone, only the writes that document 410 are judged: a PATCH, else a PUT.
  const update =
    frozen && (!gone || documents410(collection.update?.operation))
      ? collection.update
      : gone && documents410(collection.replace?.operation)
        ? collection.replace
        : undefined;
  if ((!frozen && !again) || !read || !remove || runner.stopped()) return;
  // Children under it: where the freeze is said of the item whole, or each child's words say it.
  const children = frozen
    ? context.collections.filter(
        (child) =>
          child.create &&
          parentItemsOf(child.path, context.collections).at(-1)?.collection === collection &&
          (gone ? documents410(child.create.operation) : !frozen.changesOnly || refusedUnderDeleted(child, collection)),
      )
    : [];
  // A key the client chooses that the words keep taken after a deletion ("whether that venue is live
  // or soft-deleted: a POST with such a code is refused with 409").
  const keyRefusal = gone ? keptKeyRefusal(resource, context) : undefined;
  if (gone && !update && children.length === 0 && !keyRefusal && !again) return;
  const reach = runner.reach.scenario('frozen deletion', collection.path, [
    ...(again ? [AGAIN] : []),
    ...(keyRefusal ? [KEY] : []),
    ...(update ? [CHANGE] : []),
    ...children.map(childStep),
  ]);
  const parent = await parentParams(collection, context, runner);
  const made = await runner.make(collection, { what: 'to delete, then write to', purpose: 'frozen deletion', parent });
  if ('refused' in made) return reach.stop(made.refused);
  const deleted = await runner.send(
    context.testCase(remove.operation, {
      kind: 'positive',
      plain: true,
      pathParams: made.made.at(remove.parameter),
      what: 'before writes to it',
    }),
  );
  if (!deleted?.ok || deleted.response.status >= 300)
    return reach.stop(`its DELETE was ${deleted?.ok ? `answered ${deleted.response.status}` : 'not answered'}`);
  if (again) {
    const second = context.testCase(remove.operation, {
      kind: 'positive',
      plain: true,
      pathParams: made.made.at(remove.parameter),
      what: 'once more, on an item deleted just before',
    });
    const idiom = { idiom: 'frozen-write' as const, expectedStatus: again.status, words: again.words };
    const executed = await runner.execute(second, { collection, sequence: { idiom } });
    if (executed?.exchange.ok) reach.done(AGAIN);
    else reach.skip(AGAIN, `its second DELETE was ${answeredAs(executed)}`);
  }
  if (keyRefusal && collection.create && made.made.sent !== undefined) {
    const creation = context.testCase(collection.create.operation, {
      kind: 'positive',
      plain: true,
      pathParams: parent,
      payload: { kind: 'json', value: made.made.sent },
      what: 'again, with the key of an item deleted just before',
    });
    const idiom = { idiom: 'frozen-write' as const, expectedStatus: keyRefusal.status, words: keyRefusal.words };
    const executed = await runner.execute(creation, { collection, sequence: { idiom } });
    if (executed?.exchange.ok) reach.done(KEY);
    else reach.skip(KEY, `its creation was ${answeredAs(executed)}`);
  }
  if (!frozen) return;
  const idiom = { idiom: 'frozen-write' as const, expectedStatus: frozen.status, words: frozen.words };
  if (update) {
    const [drawn] = context.plainBodies(update.operation, 1, 'frozen deletion');
    // A replacement sends the whole item; a change, its plainest part.
    const body = update === collection.replace ? drawn : (plainestPart(drawn, update.operation, context) ?? drawn);
    const change = context.testCase(update.operation, {
      kind: 'positive',
      plain: true,
      pathParams: made.made.at(update.parameter),
      ...(body === undefined ? {} : { payload: { kind: 'json' as const, value: body } }),
      what: 'on an item deleted just before',
    });
    const sent = await withCurrentTag(change, collection, made.made.at(read.parameter), context, runner);
    const executed = await runner.execute(sent, { collection, sequence: { idiom } });
    if (executed?.exchange.ok) reach.done(CHANGE);
    else reach.skip(CHANGE, `its ${update.operation.method} was ${answeredAs(executed)}`);
  }
  const above = parentItemsOf(collection.path, context.collections).length;
  for (const child of children) {
    if (runner.stopped()) break;
    const parameter = parentItemsOf(child.path, context.collections)[above]?.parameter;
    if (!parameter) continue;
    const under = { ...parent, [parameter]: idPathText(made.made.item, collection.idProperty) };
    const body = await runner.draft(child, { what: '', purpose: 'frozen deletion', parent: under });
    const creation = context.testCase(child.create!.operation, {
      kind: 'positive',
      plain: true,
      pathParams: under,
      ...(body === undefined ? {} : { payload: { kind: 'json' as const, value: body } }),
      what: 'under an item deleted just before',
    });
    const executed = await runner.execute(creation, { collection: child, sequence: { idiom } });
    if (executed?.exchange.ok) reach.done(childStep(child));
    else reach.skip(childStep(child), `its creation was ${answeredAs(executed)}`);
  }
}
