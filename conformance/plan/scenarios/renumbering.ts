// Numbers under a parent made again at the key of one deleted (a course deleted and put back at its
// slug): a new parent, whose first item is 1 again where the words number items per parent from 1
// ("the highest number ever used in this course plus one"). Only for parents the client keys and
// the run made itself.
import { type CollectionSpec, listedItems, parentItemsOf, putCreation } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import { idPathText } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import type { ScenarioReach } from './reach.js';
import { answeredAs, type SequenceRunner } from './sequence-runner.js';

export const RENUMBERED = 'first number is 1 under a parent made again at its key';

/** Whether the collection's parent is made at a key the client chooses, and deleted. */
export function remadeParent(collection: CollectionSpec, collections: readonly CollectionSpec[]): boolean {
  const parent = parentItemsOf(collection.path, collections).at(-1)?.collection;
  const keyed = parent && ((parent.create && parent.clientKey) || (!parent.create && putCreation(parent)));
  return keyed !== undefined && keyed !== false && parent?.remove !== undefined;
}

export async function numbersUnderRemadeParent(
  collection: CollectionSpec,
  member: string,
  parent: Readonly<Record<string, string>>,
  context: PlanContext,
  runner: SequenceRunner,
  reach: ScenarioReach,
): Promise<void> {
  const above = parentItemsOf(collection.path, context.collections).at(-1);
  const read = collection.read;
  const remove = above?.collection.remove;
  const key = above && parent[above.parameter];
  if (!above || !read || !remove || key === undefined || runner.stopped()) return;
  const removal = context.testCase(remove.operation, {
    kind: 'positive',
    plain: true,
    pathParams: { ...parent, [remove.parameter]: key },
    what: 'to make it again at its key',
  });
  let removed = await runner.send(removal);
  // A parent its words keep while it has children (a space with pages): its children go first.
  if (removed?.ok && removed.response.status >= 400 && (await removeChildren(collection, parent, context, runner)))
    removed = await runner.send(removal);
  if (!removed?.ok || removed.response.status >= 300)
    return reach.skip(
      RENUMBERED,
      `deleting its parent was ${removed?.ok ? `answered ${removed.response.status}` : 'not answered'}`,
    );
  const outer = Object.fromEntries(Object.entries(parent).filter(([name]) => name !== above.parameter));
  const byPut = !above.collection.create;
  const again = await runner.make(above.collection, {
    what: 'again at the key of a parent just deleted',
    purpose: 'renumbering parent',
    parent: outer,
    ...(byPut ? { key } : { members: { [above.collection.idProperty]: key } }),
  });
  if (!('made' in again)) return reach.skip(RENUMBERED, `making it again was refused: ${again.refused}`);
  const first = await runner.make(collection, {
    what: 'the first under a parent made again',
    purpose: 'renumbering',
    parent,
  });
  if (!('made' in first)) return reach.skip(RENUMBERED, first.refused);
  const executed = await runner.execute(
    context.testCase(read.operation, {
      kind: 'positive',
      plain: true,
      pathParams: first.made.at(read.parameter),
      what: 'the first under a parent made again at its key',
    }),
    { collection, sequence: { idiom: { idiom: 'number-first', id: first.made.id, expected: 1, member } } },
  );
  if (executed?.exchange.ok) reach.done(RENUMBERED);
  else reach.skip(RENUMBERED, `its read was ${answeredAs(executed)}`);
}

/** Deletes every child the collection lists under the parent: whether it listed any and took them. */
async function removeChildren(
  collection: CollectionSpec,
  parent: Readonly<Record<string, string>>,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<boolean> {
  const { list, remove } = collection;
  if (!list || !remove) return false;
  const answer = await runner.send(
    context.testCase(list.operation, { kind: 'positive', plain: true, pathParams: parent, what: 'to delete them' }),
  );
  const body = answer?.ok && answer.response.status < 300 ? parseBody(answer) : undefined;
  const items = body?.kind === 'json' ? (listedItems(collection, body.value) ?? []) : [];
  for (const item of items) {
    const gone = await runner.send(
      context.testCase(remove.operation, {
        kind: 'positive',
        plain: true,
        pathParams: { ...parent, [remove.parameter]: idPathText(item, collection.idProperty) },
        what: 'so its parent may go',
      }),
    );
    if (!gone?.ok || gone.response.status >= 300) return false;
  }
  return items.length > 0;
}
