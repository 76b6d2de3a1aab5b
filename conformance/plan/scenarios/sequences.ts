// The collection scenario: list, create five in a row and five at once, list again, read each
// created item back; then a create whose client-sent id collides with an existing item. It talks
// to the target through the functions it is given, never through the sender itself.
import { type CollectionSpec, listedItems, pathNamesParents, readOnlyRequestMembers } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import { idKey } from '../../judge/json-body.js';
import { narrowingOf, withinNarrowing } from '../../judge/narrowing.js';
import type { Creation, SequenceEvidence, WalkEvidence } from '../../model.js';
import type { PlanContext } from '../context.js';
import { withExactIntegers } from '../exact-integers.js';
import { repeatedAcrossPages } from './page-repeats.js';
import { limitAsked, nextPageEvidence, type Page, walkPages, withSmallPages } from './pages.js';
import { createParent, parentParams, underOwnParent } from './parents.js';
import { sequenceBodies } from './sequence-bodies.js';
import { asCarried, itemOf, refusalOf, type SequenceRunner, succeeded } from './sequence-runner.js';

export { itemOf, type SequenceRunner };

type Item = Record<string, unknown>;

// The seed does not say how soon a creation shows, so a list that lacks one is read again.
const RELIST_DELAYS_MS = [250, 1_000];

const BROWSER_TAB_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

/**
 * Lists one parent's collection and judges the list against the evidence; a list that lacks a
 * creation is read again after a while, as the seed does not say how soon a creation shows.
 */
export async function listCollection(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
  parent: Record<string, string>,
  evidence?: Omit<SequenceEvidence, 'after'>,
  what = 'after creations',
  accept?: string,
  /** The run's last list: none of its own writes under way, so the totals the pages state must hold. */
  lastList = false,
  /** Items per page asked, where not the sequences' small pages. */
  pageSize?: number,
  /** Query values set on every page (`state=all`, where the list filters by a default). */
  query: readonly { readonly name: string; readonly value: string }[] = [],
): Promise<Item[] | undefined> {
  const paged = withSmallPages(
    collection,
    context.testCase(collection.list!.operation, {
      kind: 'positive',
      plain: true,
      pathParams: parent,
      what,
      ...(accept ? { accept } : {}),
    }),
    pageSize,
  );
  const set = new Set(query.map(({ name }) => name));
  const listCase =
    query.length === 0
      ? paged
      : {
          ...paged,
          parameters: [
            ...(paged.parameters ?? []).filter((p) => !(p.in === 'query' && set.has(p.name))),
            ...query.map(({ name, value }) => ({ in: 'query' as const, name, value })),
          ],
        };
  async function readList(): Promise<
    (Page & { complete?: boolean; pagedPastFirst?: boolean; walk?: WalkEvidence }) | undefined
  > {
    const exchange = await runner.send(listCase);
    if (!exchange) return undefined;
    const body = parseBody(exchange);
    const items = body.kind === 'json' ? listedItems(collection, body.value) : undefined;
    if (!items) return { exchange, body };
    // The pages after the first, to the end where the answers say where it is.
    const walked = await walkPages(collection, listCase, { exchange, body, items }, (page) =>
      runner
        .execute(page, {
          collection,
          sequence: { idiom: nextPageEvidence(collection, page, (id) => context.changedByRunHas(collection, id)) },
        })
        .then((executed) => executed?.exchange),
    );
    const paged = collection.list?.paging.style !== 'none';
    const limit = limitAsked(collection, listCase);
    // A cursor walks a list as the service keeps it: an item it hands on two pages is handed twice.
    const repeatedIds =
      collection.list?.paging.style === 'cursor' ? repeatedAcrossPages(collection, walked.items, items) : [];
    const walk: WalkEvidence = {
      ...(limit !== undefined ? { firstPage: { count: items.length, limit } } : {}),
      ...(repeatedIds.length > 0 ? { repeatedIds } : {}),
      count: walked.items.length,
      complete: walked.complete,
      totals: walked.totals,
      settled: lastList,
      ...(walked.repeatedQuery !== undefined ? { repeatedQuery: walked.repeatedQuery } : {}),
    };
    const pagedPastFirst = walked.items.length > items.length;
    return {
      exchange,
      body,
      items: walked.items,
      complete: walked.complete,
      pagedPastFirst,
      ...(paged ? { walk } : {}),
    };
  }
  const narrowedTo = narrowingOf(collection, listCase);
  let read = await readList();
  for (const delay of RELIST_DELAYS_MS) {
    if (!read?.items || !evidence || settled(collection, { ...evidence, narrowedTo }, read.items)) break;
    // A walk that stopped short shows no more for waiting: the item may be on a page it never read.
    if (read.walk && !read.complete) break;
    await new Promise((resolve) => setTimeout(resolve, delay));
    read = (await readList()) ?? read;
  }
  if (!read) return undefined;
  // Items the run changed or deleted itself (the item lifecycle, running alongside) are no one else's.
  const before = evidence?.before?.filter(
    (item) => !context.changedByRunHas(collection, idKey(item, collection.idProperty)),
  );
  const listed =
    evidence && read.items
      ? {
          ...evidence,
          ...(before ? { before } : {}),
          after: read.items,
          ...(read.complete ? { complete: true } : {}),
          ...(read.pagedPastFirst ? { pagedPastFirst: true } : {}),
          ...(narrowedTo ? { narrowedTo } : {}),
        }
      : undefined;
  const sequence = listed && read.walk ? { ...listed, walk: read.walk } : listed;
  runner.conclude(listCase, read.exchange, read.body, { collection, ...(sequence ? { sequence } : {}) });
  return read.items;
}

/** Whether the list shows every creation, no longer shows a removed item, and holds each item once. */
function settled(
  collection: CollectionSpec,
  evidence: Omit<SequenceEvidence, 'after'>,
  items: readonly Item[],
): boolean {
  const listed = new Set(
    items.filter((item) => item && typeof item === 'object').map((item) => idKey(item, collection.idProperty)),
  );
  if (evidence.afterRemove && listed.has(evidence.afterRemove.id)) return false;
  // An item read twice in a walk taken while the run's other scenarios write (a newest-first list
  // whose cursor holds a position): read again, and judged on a walk that held still if one does.
  if (listed.size < items.filter((item) => item && typeof item === 'object').length) return false;
  return (evidence.creations ?? []).every(({ body }) => {
    const item = itemOf(body, collection);
    if (item?.[collection.idProperty] === undefined || !withinNarrowing(item, evidence.narrowedTo)) return true;
    return listed.has(idKey(item, collection.idProperty));
  });
}

export async function runSequences(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const create = collection.create!.operation;
  // A nested collection is one parent's: every request of the sequence names the same parent.
  const parent = await parentParams(collection, context, runner);
  const listItems = (evidence?: Omit<SequenceEvidence, 'after'>) =>
    listCollection(collection, context, runner, parent, evidence);

  const steps = ['created items listed', ...(collection.read ? ['created items read back'] : [])];
  const reach = runner.reach.scenario('creation sequence', collection.path, steps);
  const before = await listItems();
  if (!before || runner.stopped()) return reach.stop('its list could not be read before the creations');
  // A parent of the run's own moved first into a state its words allow children in.
  await runner.unlockParent(collection, parent);
  const bodies = await sequenceBodies(collection, context, runner, parent);
  // The first creation carries int64 values no double can hold, where the document has them.
  const request = context.requestSchema(create);
  if (request && bodies.length > 0) {
    const exact = withExactIntegers(bodies[0], request.schema, collection.create!.keeps);
    if (request.isValid(exact)) bodies[0] = exact;
  }
  const creations: Creation[] = [];
  // Under a parent the run made, a documented 409 is about the state the run left it in (an event
  // made closed, where tickets sell only while it is on sale).
  const ownParent = underOwnParent(collection, parent, context);
  const createOne = async (body: unknown) => {
    const testCase = context.testCase(create, {
      kind: 'positive',
      plain: true,
      pathParams: parent,
      ...(ownParent ? { onMadeItem: true } : {}),
      ...(body === undefined ? {} : { payload: { kind: 'json' as const, value: body } }),
      what: 'in a sequence of creations',
    });
    const executed = await runner.execute(testCase, { collection });
    // What went on the wire: valid cases follow the document's words (anchors.ts, word-rules.ts).
    if (succeeded(executed))
      // A creation without a body (POST /orders) sent no members.
      creations.push({
        sent: (asCarried(testCase, body) ?? {}) as Item,
        exchange: executed.exchange,
        body: executed.body,
      });
    else refusal = refusalOf(executed);
  };
  let refusal = '';
  for (const body of bodies.slice(0, 5)) await createOne(body);
  await Promise.all(bodies.slice(5).map(createOne));
  if (creations.length === 0) reach.stop(`none of its ${bodies.length} creations succeeded (the last ${refusal})`);
  await listItems({ creations, before });
  if (creations.length > 0) reach.done('created items listed');
  // A page opened in a browser tab asks for HTML first and takes anything (*/*): the same items.
  await listCollection(
    collection,
    context,
    runner,
    parent,
    { creations, before },
    'under a browser tab’s Accept',
    BROWSER_TAB_ACCEPT,
  );
  await readBack(collection, context, runner, creations.slice(0, 5), parent);
  if (collection.read && creations.length > 0) reach.done('created items read back');
  await underAnotherParent(collection, context, runner, creations);

  // A client-sent id that collides with an existing item must not take it over.
  // An empty collection lends the first item the sequence created, so the check runs whatever the order.
  // A key the client chooses is the client's to send: its conflicts are judged as unique values.
  const existing = before[0] ?? itemOf(creations[0]?.body ?? { kind: 'empty' }, collection);
  if (!existing || collection.clientKey || runner.stopped()) return;
  const [body, other] = await runner.freshBodies(collection, 2, 'client-id');
  const sent = { ...(body as Item), [collection.idProperty]: existing[collection.idProperty] };
  const what = `with a client-sent ${collection.idProperty} that collides with an existing item`;
  // A request schema that does not take the id (closed: FastAPI's extra = "forbid") must refuse it,
  // a colliding one and a fresh one alike; an open one may take the body, never the id.
  // An id the request schema declares readOnly may be ignored as well as refused (OpenAPI leaves it).
  const takesId =
    context.requestSchema(create)?.isValid(sent) !== false ||
    readOnlyRequestMembers(create).includes(collection.idProperty);
  const idCase = (value: Item, label: string) =>
    context.testCase(create, {
      ...(takesId
        ? { kind: 'positive' as const }
        : {
            kind: 'negative' as const,
            mutation: `a client-sent ${collection.idProperty} the request schema does not take`,
          }),
      pathParams: parent,
      ...(ownParent ? { onMadeItem: true } : {}),
      payload: { kind: 'json', value },
      what: label,
    });
  const sentWithId = await runner.execute(idCase(sent, what), { collection });
  if (!sentWithId) return;
  const fresh = {
    ...((other ?? body) as Item),
    [collection.idProperty]: freshId(existing[collection.idProperty], context.seed),
  };
  const freshCase = idCase(fresh, `with a fresh client-sent ${collection.idProperty}`);
  if (!takesId) {
    await runner.execute(freshCase, { collection });
    return;
  }
  const collidingId = idKey(existing, collection.idProperty);
  // What went on the wire: valid cases follow the document's words (a check digit set anew).
  const sentOnWire = asCarried(sentWithId.testCase, sent) as Item;
  await listItems({
    creations: [{ sent: sentOnWire, exchange: sentWithId.exchange, body: sentWithId.body }],
    before,
    collidingId,
  });
  // A fresh id (no item has it) must not become the new item's either: judged on the answer itself.
  const answered = await runner.send(freshCase);
  if (!answered) return;
  const creation = { sent: asCarried(freshCase, fresh) as Item, exchange: answered, body: parseBody(answered) };
  const freshKey = idKey(fresh, collection.idProperty);
  runner.conclude(freshCase, answered, creation.body, {
    collection,
    sequence: { creations: [creation], collidingId: freshKey },
  });
}

/** An id of the same kind as `like` that no item is likely to have (the same for the same seed). */
function freshId(like: unknown, seed: number): unknown {
  const number = 2_000_000_000 + (Math.abs(seed) % 100_000_000);
  if (typeof like === 'number') return number;
  const text = String(like);
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text))
    return '0f7e5000-c11e-4d00-8000-000000000042';
  return /^\d+$/.test(text) ? String(number) : `${text}fresh`;
}

/** Under a second parent the run makes, the first parent's children are neither listed nor read. */
async function underAnotherParent(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
  creations: readonly Creation[],
): Promise<void> {
  const children = new Map<string, Item>();
  let first: Item | undefined;
  for (const { body, sent } of creations) {
    const item = itemOf(body, collection);
    if (item?.[collection.idProperty] === undefined) continue;
    first ??= item;
    children.set(idKey(item, collection.idProperty), sent);
  }
  if (!first || runner.stopped()) return;
  const other = await createParent(collection, context, runner, 'other parent');
  if (!other) return;
  const sequence = { otherParent: { children } };
  if (collection.list) await listCollection(collection, context, runner, other, sequence, 'under another parent');
  const read = collection.read;
  // A read by the item's id alone (`/books/{bookId}`) finds it whatever parent the run names.
  if (!read || !pathNamesParents(collection, read)) return;
  const raw = first[collection.idProperty];
  const testCase = context.testCase(read.operation, {
    kind: 'positive',
    plain: true,
    pathParams: { ...other, [read.parameter]: typeof raw === 'string' ? raw : idKey(first, collection.idProperty) },
    what: 'under another parent',
  });
  await runner.execute(testCase, { collection, sequence });
}

/** Reads created items back through the collection's read operation, where the document has one. */
export async function readBack(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
  creations: readonly Creation[],
  parent: Record<string, string>,
): Promise<void> {
  const read = collection.read;
  if (!read) return;
  // An id the read's own parameter refuses (the document caps ids at 10, say) cannot be read back.
  const parameter = read.operation.parameters.find((p) => p.in === 'path' && p.name === read.parameter);
  const readable = (id: unknown) =>
    !parameter || !['number', 'string'].includes(typeof id) || parameter.validator.validate(id).length === 0;
  await Promise.all(
    creations.map(async ({ sent, body }) => {
      const item = itemOf(body, collection);
      if (item?.[collection.idProperty] === undefined || !readable(item[collection.idProperty])) return;
      const id = idKey(item, collection.idProperty);
      // A string id as itself (its JSON text would keep escapes), any other as its exact digits.
      const raw = item[collection.idProperty];
      const pathParams = { ...parent, [read.parameter]: typeof raw === 'string' ? raw : id };
      const testCase = context.testCase(read.operation, {
        kind: 'positive',
        plain: true,
        pathParams,
        what: 'for an item just created',
      });
      await runner.execute(testCase, { collection, sequence: { readBack: { id, sent } } });
    }),
  );
}
