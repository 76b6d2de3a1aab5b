// An idempotency key the words scope to the parent ("Keys are scoped to the warehouse"): an item is
// made under one parent with a new key, then a valid creation is sent under another parent with the
// same key. It must make a new item there: a replay of the first parent's item, or the refusal of a
// key reused with another body, says the key was kept across parents. Two parents the run makes,
// else the last two listed (seeded warehouses), which other scenarios leave alone.
import { type CollectionSpec, listedParentOf, type Resource } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import { createParent, parentParams } from './parents.js';
import { answeredAs, type SequenceRunner, withHeader } from './sequence-runner.js';

const STEP = 'a key used under another parent makes a new item';

/** Two parents of the collection's items: made by the run, else the last two listed. */
async function twoParents(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<[Record<string, string>, Record<string, string>] | undefined> {
  const mine = await createParent(collection, context, runner, 'scoped key');
  const other = mine && (await createParent(collection, context, runner, 'scoped key elsewhere'));
  if (mine && other) return [mine, other];
  const parent = listedParentOf(collection.path, context.collections);
  if (!parent) return undefined;
  const above = await parentParams(parent.collection, context, runner);
  const ids = (await runner.listedIds(parent.collection)).filter(
    (id) => typeof id === 'string' || typeof id === 'number',
  );
  if (ids.length < 2) return undefined;
  const at = (id: unknown) => ({ ...context.parentParams(collection), ...above, [parent.parameter]: String(id) });
  return [at(ids.at(-1)), at(ids.at(-2))];
}

export async function checkScopedKeys(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const idempotency = resource.idioms.idempotency;
  const scope = idempotency?.keyScope;
  const create = collection.create?.operation;
  if (!idempotency || !scope || !create || runner.stopped()) return;
  const reach = runner.reach.scenario('scoped keys', collection.path, [STEP]);
  const parents = await twoParents(collection, context, runner);
  if (!parents) return reach.stop(`no two parents (${scope.parameter}) could be made or listed`);
  const [mine, other] = parents;
  const { header } = idempotency;
  const key = `${context.prefix}idem-scope-${context.seed}-${Date.now().toString(36)}`;
  const first = await runner.make(collection, {
    what: `with a new ${header}`,
    purpose: 'scoped key',
    parent: mine,
    decorate: (testCase) => withHeader(testCase, header, key),
  });
  if (!('made' in first)) return reach.stop(first.refused);
  // The other parent in a state its creations need (an event on sale), as the first was.
  await runner.unlockParent(collection, other);
  const body = await runner.draft(collection, { what: '', purpose: 'scoped key elsewhere', parent: other });
  const testCase = withHeader(
    context.testCase(create, {
      kind: 'positive',
      plain: true,
      pathParams: other,
      ...(body === undefined ? {} : { payload: { kind: 'json' as const, value: body } }),
      what: `with the ${header} an item under another ${scope.parameter} was made with`,
    }),
    header,
    key,
  );
  const executed = await runner.execute(testCase, {
    collection,
    sequence: {
      idiom: {
        idiom: 'key-scoped',
        member: scope.parameter,
        how: other[scope.parameter],
        body: JSON.stringify(first.made.item),
        words: scope.words,
        ...(idempotency.conflictStatus ? { expectedStatus: idempotency.conflictStatus } : {}),
      },
    },
  });
  if (executed?.exchange.ok) reach.done(STEP);
  else reach.skip(STEP, `its creation was ${answeredAs(executed)}`);
}
