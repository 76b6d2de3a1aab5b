// The idiom scenario: on one item the run creates, each idiom the model read is exercised and judged
// (api_idioms_honoured): an idempotency key replayed with the same body and reused with another,
// If-None-Match with the current ETag, a change with the current ETag and again with the stale one,
// every action whose target state was read (then once more, where the document lists a refusal).
import { putCreation, type Resource } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import type { Executed, IdiomEvidence, TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { createOnlyOverExisting, createsOnly } from './create-only.js';
import { checkConditionalRequests } from './etag-checks.js';
import { checkFilterDefaults, checkFilters } from './filters.js';
import { takeActions } from './idiom-actions.js';
import { readAtLocation } from './locations.js';
import { createParent, parentParams } from './parents.js';
import { withHeader } from './sequence-runner.js';
import { itemOf, type SequenceRunner } from './sequences.js';

/** A creation's Location read: it must be the created item. */
async function followLocation(
  resource: Resource,
  made: Executed,
  context: PlanContext,
  runner: SequenceRunner,
  id: string,
  itemAt: (parameter: string) => Record<string, string>,
): Promise<void> {
  const read = resource.collection.read;
  if (!resource.idioms.location || !read) return;
  await readAtLocation(resource.collection, made.exchange, id, itemAt(read.parameter), context, runner);
}

/** Reads of an accepted job, a second apart, until it reaches the state it ends in. */
const JOB_POLLS = 10;
const JOB_POLL_MS = 500;

async function followJob(resource: Resource, readCase: TestCase | undefined, runner: SequenceRunner, id: string) {
  const job = resource.idioms.asynchronous;
  if (!job || job.member === undefined || !readCase) return;
  const idiom = { idiom: 'job-completes' as const, id, member: job.member, expected: job.terminal };
  const scope = { collection: resource.collection, sequence: { idiom } };
  for (let poll = 1; poll <= JOB_POLLS && !runner.stopped(); poll++) {
    const exchange = await runner.send(readCase);
    if (!exchange?.ok || exchange.response.status >= 300) return;
    const body = parseBody(exchange);
    const item = itemOf(body, resource.collection);
    const done = item !== undefined && JSON.stringify(item[job.member]) === JSON.stringify(job.terminal);
    // The read that shows it done is judged (a pass), or the last one (still not done: a failure).
    if (done || poll === JOB_POLLS) return runner.conclude(readCase, exchange, body, scope);
    await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS));
  }
}

/** Whether a resource has an idiom the scenario exercises. */
export const hasIdioms = ({ idioms, collection }: Resource): boolean =>
  (collection.list?.filters.length ?? 0) > 0 ||
  idioms.idempotency !== undefined ||
  idioms.location !== undefined ||
  idioms.asynchronous?.member !== undefined ||
  idioms.conditional !== undefined ||
  (idioms.actions ?? []).some(takenInScenario);

/** The actions the scenario takes: those moving a state member, and those allowed once per item. */
const takenInScenario = (action: { member?: string; once?: true }): boolean =>
  action.member !== undefined || action.once === true;

export async function runIdioms(resource: Resource, context: PlanContext, runner: SequenceRunner): Promise<void> {
  const { collection, idioms } = resource;
  const { create, read } = collection;
  // Items made elsewhere (a checkout's order) or by a PUT at a key the client chooses are worked on
  // as well: their conditional requests and actions above all.
  if ((!create && !idioms.madeBy && !putCreation(collection)) || runner.stopped()) return;
  const steps = [
    ...(idioms.idempotency ? ['idempotent replay', 'idempotency conflict'] : []),
    ...(idioms.location ? ['Location followed'] : []),
    ...(idioms.conditional && read ? ['ETag checks'] : []),
    ...(createsOnly(resource) ? ['create-only write refused'] : []),
    ...(idioms.actions ?? []).filter(takenInScenario).map((action) => `action ${action.verb}`),
  ];
  const reach = runner.reach.scenario('idiom scenario', collection.path, steps);
  const parent = await parentParams(collection, context, runner);
  const judge = (testCase: TestCase, idiom: IdiomEvidence) =>
    runner.execute(testCase, { collection, sequence: { idiom } });
  const key = idioms.idempotency ? `${context.prefix}idem-${context.seed}-${Date.now().toString(36)}` : undefined;
  const decorate = key ? (testCase: TestCase) => withHeader(testCase, idioms.idempotency!.header, key) : undefined;
  const making = await runner.make(collection, {
    what: 'for the idioms',
    purpose: 'idioms',
    parent,
    ...(decorate ? { decorate } : {}),
  });
  if ('refused' in making) return reach.stop(making.refused);
  const mine = making.made;
  const made = mine.executed;
  const body = mine.sent;
  const { id, at } = mine;
  // The replay resends the creation exactly as it was sent (its fresh values included).
  const replayCase = mine.testCase;
  const [otherBody] = (await runner.freshBodies(collection, 3, 'idioms other')).filter(
    (other) => JSON.stringify(other) !== JSON.stringify(body),
  );
  if (key && idioms.idempotency) {
    await judge(replayCase, { idiom: 'idempotent-replay', id });
    reach.done('idempotent replay');
    if (otherBody !== undefined) {
      const other = {
        ...replayCase,
        payload: { kind: 'json' as const, value: otherBody },
        label: `${replayCase.label} (another body)`,
      };
      await judge(other, {
        idiom: 'idempotency-conflict',
        ...(idioms.idempotency.conflictStatus ? { expectedStatus: idioms.idempotency.conflictStatus } : {}),
      });
      reach.done('idempotency conflict');
    } else reach.skip('idempotency conflict', 'no second valid body could be built');
  }

  const readCase = read
    ? context.testCase(read.operation, {
        kind: 'positive',
        plain: true,
        pathParams: at(read.parameter),
        what: 'for its ETag',
      })
    : undefined;
  // Items for the later actions under a parent of their own, made once: others' items under the
  // shared one (a section they filled) would change the state a new item starts in.
  let actionsParent: Promise<Record<string, string>> | undefined;
  const itemFor = async (what: string) => {
    actionsParent ??= createParent(collection, context, runner, 'idiom actions').then((own) => own ?? parent);
    const making = await runner.make(collection, { what, purpose: what, parent: await actionsParent });
    return 'refused' in making ? making : making.made;
  };
  await followLocation(resource, made, context, runner, id, at);
  if (idioms.location) reach.done('Location followed');
  await followJob(resource, readCase, runner, id);
  await createOnlyOverExisting(resource, context, runner, at, reach);
  if (idioms.conditional && readCase && read)
    await checkConditionalRequests({ resource, context, runner, reach, judge, id, at, readCase });

  await takeActions({ resource, context, runner, reach, judge, id, at, body, itemFor });
  // Last, after the actions moved it: the item as it is now, matched by the filters of its list.
  const current = readCase ? await runner.send(readCase) : undefined;
  const now = current?.ok && current.response.status < 300 ? itemOf(parseBody(current), collection) : undefined;
  await checkFilters(resource, now ?? mine.item, parent, context, runner, id);
  await checkFilterDefaults(resource, parent, context, runner, id);
}
