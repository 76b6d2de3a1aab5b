// The operation stage: every testable operation's plan (probe, cases, properties) sent, judged and
// recorded, with members that name another resource's items filled from its list.

import { withOrderedSpans } from '../../spec/generate/index.js';
import { type CollectionSpec, type Operation, putCreation } from '../../spec/index.js';
import { resourceOf } from '../../spec/model/index.js';
import type { Scope } from '../judge/evaluate.js';
import { asObject } from '../judge/json-body.js';
import type { TestCase } from '../model.js';
import { prototypeMemberOf } from '../plan/cases/structure.js';
import { withWordRules } from '../plan/followed-words.js';
import { planOperation } from '../plan/index.js';
import { breaks, namesMember, referencedCollections, withReferences } from '../plan/references.js';
import { withoutRefusableMembers } from '../plan/refusable-members.js';
import { withDistinctPlainEntries } from '../plan/scenarios/distinct-entries.js';
import { stringCandidates, withShiftedInstants } from '../plan/scenarios/fresh-values.js';
import { parentEqualValues, withParentEquals } from '../plan/scenarios/parent-equals.js';
import { madeItemParams } from '../plan/scenarios/parents.js';
import { runProperty } from '../property.js';
import { addChildrenNeededBy, missingParentCase, prepareForAction } from './operation-items.js';
import type { RunSession } from './session.js';

/** The collection whose list, create or read an operation is. */
function collectionOf(session: RunSession, operation: Operation): CollectionSpec | undefined {
  return session.settings.model.collections.find(
    (c) =>
      c.list?.operation === operation ||
      c.create?.operation === operation ||
      c.read?.operation === operation ||
      // A PUT at a key the client chooses makes the items: its 201 is judged as a creation.
      putCreation(c)?.operation === operation,
  );
}

/** Ids other collections list (the first each; read once per run, by the item maker that the
 * scenarios share), for the members that name their items. */
function listedIdsOf(session: RunSession): (operation: Operation) => Promise<Map<string, unknown>> {
  return async (operation) => {
    const ids = new Map<string, unknown>();
    for (const [member, collection] of referencedCollections(operation, session.settings.model.collections)) {
      const [first] = await session.sequenceRunner.listedIds(collection);
      if (first !== undefined) ids.set(member, first);
    }
    return ids;
  };
}

/** The first id of each reference member. */
async function firstOfEach(found: Promise<ReadonlyMap<string, readonly unknown[]>>): Promise<Map<string, unknown>> {
  return new Map([...(await found)].flatMap(([member, ids]) => (ids.length > 0 ? [[member, ids[0]] as const] : [])));
}

/** Values a creation must not share with an item made before: the members the document's words
 * make unique (a member's email), with a test of a value for one of them. */
interface OwnValues {
  readonly members: readonly string[];
  readonly accepts: (member: string, value: unknown) => boolean;
  /** Takes the value for one creation: false where another creation of the run took it. */
  readonly claim: (member: string, value: unknown) => boolean;
  /** The body's members but those the case is about made to follow their words again (a date
   * moved to its own slot is moved on to the Monday its words ask for). */
  readonly followWords: (body: unknown, about: (member: string) => boolean) => unknown;
}

/** Creations each in a time slot of their own: cases made from one baseline share its date-times,
 * and a service that refuses a second booking of a slot (409) would refuse every invalid body for
 * the slot before its own fault. So with values the words make unique: each case gets its own. The
 * member an invalid case breaks keeps its value. */
function withOwnSlots<P extends { readonly cases: readonly TestCase[] }>(plan: P, own: OwnValues): P {
  const cases = plan.cases.map((testCase, index) => {
    const payload = testCase.payload;
    if (payload?.kind !== 'json') return testCase;
    const about = caseIsAbout(testCase);
    let value = own.followWords(withShiftedInstants(payload.value, index + 1, about), about);
    const object = asObject(value);
    for (const member of own.members) {
      const current = object?.[member];
      if (typeof current !== 'string' || about(member)) continue;
      // A value no other creation of the run took (the item maker draws from the same pool).
      const fresh = [0, 1, 2, 3]
        .flatMap((round) => stringCandidates(current, index + 1 + round * 7919))
        .find((candidate) => own.accepts(member, candidate) && own.claim(member, candidate));
      if (fresh !== undefined) value = { ...asObject(value), [member]: fresh };
    }
    // A start moved to its own slot takes its span's end along (endsAt after startsAt).
    const spanned = asObject(value);
    if (spanned) value = withOrderedSpans(spanned, about);
    return value === payload.value ? testCase : { ...testCase, payload: { kind: 'json' as const, value } };
  });
  return { ...plan, cases };
}

/** A member the case is about keeps its value: the one its mutation broke, a readOnly one it sends,
 * one its label names (a boundary, an edge value). */
const caseIsAbout = (testCase: TestCase) => (member: string) =>
  breaks(testCase, member) ||
  Object.hasOwn(testCase.assigned ?? {}, member) ||
  namesMember(testCase.label.replace(/^\S+ \S+/, ''), member);

/** Creations whose times the words bind to the parent's (an entry within its timesheet's week):
 * each case's bound times moved into the period of the parent its path names, but a time the case
 * is about. */
async function withAnchoredTimes<P extends { readonly cases: readonly TestCase[] }>(
  plan: P,
  session: RunSession,
  collection: CollectionSpec,
): Promise<P> {
  const { anchors } = session.context;
  if (!collection.create || anchors.collectionOf(collection.create.operation) !== collection) return plan;
  const cases = await Promise.all(
    plan.cases.map(async (testCase) => {
      const payload = testCase.payload;
      if (payload?.kind !== 'json') return testCase;
      const values = testCase.pathParams ?? {};
      await session.sequenceRunner.parentItem(collection, values);
      const value = anchors.apply(testCase.operation, values, payload.value, caseIsAbout(testCase));
      return value === payload.value ? testCase : { ...testCase, payload: { kind: 'json' as const, value } };
    }),
  );
  return { ...plan, cases };
}

/** The members a collection's rules of values hold unique (and its client-chosen key), and a test
 * of a value for one: the creation's plain body with that value must stay valid. */
function ownValuesOf(session: RunSession, collection: CollectionSpec): OwnValues {
  const resource = resourceOf(session.settings.model, collection);
  const create = collection.create?.operation;
  // A key the client chooses is one too: two creations with one key are refused (409).
  const keys = collection.clientKey ? [collection.idProperty] : [];
  const members = [...new Set([...keys, ...(resource?.idioms.unique ?? []).flatMap((rule) => rule.members)])];
  const request = create ? session.context.requestSchema(create) : undefined;
  const followWords = (body: unknown, about: (member: string) => boolean) =>
    request ? withWordRules(body, request.schema, about) : body;
  if (!create || members.length === 0) return { members: [], accepts: () => false, claim: () => false, followWords };
  const plain = asObject(session.context.plainBodies(create, 1, 'own values')[0]) ?? {};
  return {
    members,
    accepts: (member, value) => request?.isValid({ ...plain, [member]: value }) !== false,
    claim: (member, value) => session.context.claim(collection, member, value),
    followWords,
  };
}

/** A read of an item its collection lists (seeded data clients cannot make included): the made-up
 * ids of the planned cases only ever meet a 404. */
async function listedItemCase(session: RunSession, operation: Operation): Promise<TestCase | undefined> {
  const collection = session.settings.model.collections.find((c) => c.read?.operation === operation && c.list);
  const read = collection?.read;
  if (!collection || !read) return undefined;
  const sampled = session.context.pathParams(operation, 'plain', 0);
  // A nested collection's list needs its parent: only top-level ones are read here.
  if (Object.keys(sampled).some((name) => name !== read.parameter)) return undefined;
  const [id] = await session.sequenceRunner.listedIds(collection);
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  // A read may move the item on (an accepted job finishes when next read): the run's doing.
  session.context.markChangedByRun(collection, JSON.stringify(id));
  return session.context.testCase(operation, {
    kind: 'positive',
    plain: true,
    pathParams: { [read.parameter]: String(id) },
    what: 'for an item its list holds',
  });
}

async function testOperation(
  session: RunSession,
  operation: Operation,
  listedIds: (operation: Operation) => Promise<Map<string, unknown>>,
): Promise<void> {
  const { sender, recorder, creations, context, settings } = session;
  const collection = collectionOf(session, operation);
  const idiomsOf = (c: CollectionSpec) => resourceOf(settings.model, c)?.idioms;
  const scope: Scope = collection ? { collection } : {};
  const creation = collection?.create?.operation === operation;
  // Below an item (an action, a nested creation), the cases name one the run made, so a 404 for a
  // missing parent hides no fault of the body behind it.
  const madeParams = await madeItemParams(operation, context, session.sequenceRunner);
  if (madeParams) context.useMadeItem(operation, madeParams);
  // An action the words allow only once its item has a child (a recipe published with an
  // ingredient): the item the cases name gets one, or every valid case meets that refusal.
  if (madeParams) await addChildrenNeededBy(session, operation, madeParams);
  if (madeParams) await prepareForAction(session, operation, madeParams);
  // A creation its parent's state locks (tickets only while the event is on sale): the parent the
  // cases name is moved there first, or every body would meet the lock, not its own validation.
  if (madeParams && creation) await session.sequenceRunner.unlockParent(collection, madeParams);
  const missingParent = madeParams ? missingParentCase(session, operation, madeParams) : undefined;
  // A creation's references are found (or made where none is listed) under the parent its cases
  // name: an entry's project in the entry's own workspace, an order's customer where the run starts
  // with no customers. A made-up one would have every valid body refused for the reference.
  // Members the words make equal to the parent's (a payment's amount, its order's total) are the
  // parent's in every case: a drawn amount had each invalid body refused for the amount instead.
  const parts = { context, idiomsOf, parentItem: session.sequenceRunner.parentItem };
  const equal = creation && madeParams ? await parentEqualValues(collection, madeParams, parts) : {};
  const referenced = creation
    ? await firstOfEach(session.sequenceRunner.references(collection, madeParams ?? {}))
    : await listedIds(operation);
  const saidRefused = creation
    ? Object.keys(resourceOf(session.settings.model, collection)?.idioms.refusals ?? {})
    : [];
  const planned = withoutRefusableMembers(
    withParentEquals(
      withReferences(
        withDistinctPlainEntries(planOperation(operation, context), operation, context.requestSchema(operation)),
        referenced,
      ),
      equal,
      madeParams,
    ),
    saidRefused.filter((member) => !referenced.has(member) && !(member in equal)),
    context.requestSchema(operation),
    caseIsAbout,
  );
  const plan = creation
    ? await withAnchoredTimes(withOwnSlots(planned, ownValuesOf(session, collection)), session, collection)
    : planned;
  const executeLogged = async (testCase: TestCase) => {
    const executed = await session.execute(testCase, scope);
    if (executed) creations.record(executed);
  };
  // On an item the run made for them (an action, a change), the cases that must change nothing go
  // first, the probe's valid request included: a valid one may move the item on (a completed
  // enrollment), and a body out of range would then meet the state's refusal, never its own
  // validation.
  const refusable = (testCase: TestCase) =>
    (testCase.kind === 'negative' && prototypeMemberOf(testCase.mutation) === undefined) || testCase.kind === 'auth';
  // A creation below the item is left in its order: its valid cases make what the invalid ones may
  // name (a page's parent page).
  const onItem = madeParams && !creation;
  const beforeValid = new Set(onItem ? plan.cases.filter(refusable) : []);
  await Promise.all([...beforeValid].map(executeLogged));
  if (plan.probe) await executeLogged(plan.probe);
  if (missingParent) await executeLogged(missingParent);
  const listed = await listedItemCase(session, operation);
  if (listed) await executeLogged(listed);
  if (sender.stopped) return;
  settings.progress(`${operation.id}: valid, invalid and credential cases`);
  await Promise.all([
    ...plan.cases.filter((testCase) => !beforeValid.has(testCase)).map(executeLogged),
    ...plan.properties.map((property) =>
      runProperty(property, settings.seed, {
        judge: async (testCase) => {
          const exchange = await sender.send(testCase);
          if (!exchange) return undefined;
          const executed = await session.judgeSent(testCase, exchange, scope);
          creations.record(executed);
          return executed;
        },
        record: (executed) => recorder.record(executed),
        keyOf: (check, testCase, finding) => recorder.keyOf(check, testCase.operation, finding),
        stopped: () => sender.stopped,
      }),
    ),
  ]);
}

/** Runs `task` on every item, at most `limit` at a time, in the items' order. */
async function eachAtMost<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Operations planned and sent at once: enough to keep every connection busy; a plan is built when
 * its operation starts, so a description of hundreds of operations never holds every plan at once
 * (DigitalOcean's 659 held 2.3 GB). */
const OPERATIONS_PER_CONNECTION = 2;

/** Every testable operation, each with its share of the write budget handed back when done. */
export async function testOperations(session: RunSession): Promise<void> {
  const listedIds = listedIdsOf(session);
  const atOnce = Math.max(4, session.concurrency * OPERATIONS_PER_CONNECTION);
  await eachAtMost(session.testable, atOnce, async (operation) => {
    session.sender.startWrites(operation);
    try {
      await testOperation(session, operation, listedIds);
    } finally {
      session.sender.finishWrites(operation);
    }
    session.operationsDone++;
    const result = session.recorder.resultOf(operation);
    const failed = Object.values(result.checks).filter((c) => c.outcome === 'failed').length;
    session.settings.progress(`${operation.id}: done, ${result.requests} requests, ${failed} failing check(s)`);
  });
}
