// Asynchronous jobs (spec/model/jobs.ts): a POST answering 202 with a Location, whose job a GET of
// its own reads. The run starts one under an item it made or found, follows the Location and reads
// the job until it reaches its end state (10 reads, half a second apart), judged by
// api_idioms_honoured (`job_never_completes`); each read is judged like any answer.
import {
  asynchronousJobs,
  escapeRegExp,
  type JobOperations,
  mergeAllOf,
  type Operation,
  parentItemsOf,
  propertiesOf,
  type Resource,
  resourceOf,
  terminalState,
} from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import { asObject, idPathText } from '../../judge/json-body.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { referencedCollections, withKnownReferences } from '../references.js';
import { moveItem, namedAfresh } from './action-paths.js';
import { parentParams } from './parents.js';
import type { SequenceRunner } from './sequence-runner.js';

const STEP = 'job followed to its end';
const POLLS = 10;
const POLL_MS = 500;

/** The job's state member and the state it ends in, read from its schema. */
function endOf(job: JobOperations): { member: string; terminal: unknown } | undefined {
  const schema = job.read.responses.find((r) => r.status === '200')?.content[0]?.validator?.schema;
  const properties = propertiesOf(schema);
  for (const member of ['status', 'state']) {
    const values = mergeAllOf((properties[member] ?? {}) as Record<string, unknown>).enum;
    const terminal = Array.isArray(values) ? terminalState(values) : undefined;
    if (terminal !== undefined) return { member, terminal };
  }
  return undefined;
}

/** Path values for the job's start: its one parent made by the run (moved into the state the
 * start's words ask: "Only for a `completed` work order"), else one its list holds. */
async function parentOf(
  job: JobOperations,
  context: PlanContext,
  runner: SequenceRunner,
  resources: readonly Resource[],
) {
  const parents = parentItemsOf(job.start.path, context.collections);
  if (parents.length === 0) return job.start.path.includes('{') ? undefined : {};
  // The innermost parent is the job's item (an episode); those above it name its place (its show).
  const { collection, parameter } = parents.at(-1)!;
  // A nested item (an episode of a show) is made under a parent of its own first.
  const above = collection.path.includes('{') ? await parentParams(collection, context, runner) : {};
  const actions = resourceOf({ resources }, collection)?.idioms.actions ?? [];
  const asks = actions.find((action) => action.operation === job.start)?.from;
  const moving = actions.filter((action) => action.member !== undefined && asks?.includes(action.target));
  /** An item made (naming `members`) and moved where the start asks; its path values and whether it moved. */
  const madeAndMoved = async (members: Record<string, unknown>) => {
    const making = await runner.make(collection, {
      what: 'for a job to work on',
      purpose: 'job',
      parent: above,
      ...(Object.keys(members).length > 0 ? { members } : {}),
    });
    if ('refused' in making) return undefined;
    const idText = idPathText(making.made.item, collection.idProperty);
    const at = { ...above, [parameter]: idText };
    const moved = moving.length === 0 || (await moveItem(moving, actions, { collection, idText, at }, context, runner));
    return { at, moved: Boolean(moved) };
  };
  const first = await madeAndMoved({});
  if (first) {
    // Not moved (a vehicle another of the run's rentals holds): once more, naming items of its own.
    const own = first.moved || runner.stopped() ? {} : await namedAfresh(collection, context, runner);
    const again = Object.keys(own).length > 0 ? await madeAndMoved(own) : undefined;
    return (again?.moved ? again : first).at;
  }
  const [id] = await runner.listedIds(collection);
  return typeof id === 'string' || typeof id === 'number' ? { [parameter]: String(id) } : undefined;
}

/** The job id a Location names, read against the read's path template. */
function jobIdOf(location: string, requestUrl: string): string | undefined {
  try {
    const path = new URL(location, requestUrl).pathname;
    const last = path.split('/').filter(Boolean).at(-1);
    return last === undefined ? undefined : decodeURIComponent(last);
  } catch {
    return undefined;
  }
}

/** A refusal's words for a job not ended: "not done yet", "not ready", "still running". */
const NOT_DONE =
  /\bnot\s+(?:yet\s+)?(?:done|finished|ready|complete|completed|available)\b|\bstill\s+(?:running|pending|queued|in\s+progress)\b/i;

/** "While the job is pending (still running, not ready) ... 409". */
const WHILE_NOT_DONE =
  /\bwhile\b[^.]*?\b(?:pending|running|queued|in\s+progress|not\s+(?:yet\s+)?(?:done|ready|finished|complete\w*))\b[^.]*?\b([45]\d\d)\b/i;

/** A job's result read on a path of its own below the job's (`/jobs/{jobId}/download`), and the
 * refusal its words give it until the job is done ("Before that the answer is 409"). */
function resultsOf(job: JobOperations, context: PlanContext) {
  return context.operations
    .filter((op) => op.method === 'GET' && new RegExp(`^${escapeRegExp(job.read.path)}/[^{}/]+$`).test(op.path))
    .map((operation) => {
      const words = `${operation.summary ?? ''} ${operation.description ?? ''}`;
      const said =
        /\b(?:before|until)\b[^.]*?\b([45]\d\d)\b|\b([45]\d\d)\b[^.]*?\b(?:before|until)\b/i.exec(words) ??
        // "While the job is pending the answer is 409."
        WHILE_NOT_DONE.exec(words);
      // Or a refusal described so: "409: The job is not done yet".
      const described = operation.responses.find(
        (response) => /^4\d\d$/.test(response.status) && NOT_DONE.test(response.description),
      );
      const status = said ? Number(said[1] ?? said[2]) : described ? Number(described.status) : undefined;
      const documented = operation.responses.some((response) => Number(response.status) === status);
      return { operation, ...(documented ? { early: status } : {}) };
    });
}

/** The longest a job may take, as the words say ("`done` within 10 seconds of its creation"). */
const WITHIN = /\bwithin\s+(\d+(?:\.\d+)?)\s*(seconds?|secs?|s|minutes?|mins?)\b/i;
/** Polls past which a job is not waited for, whatever the words allow (a minute). */
const MOST_POLLS = 120;

/** Polls enough to cover the bound the words give (and a second more), never fewer than POLLS. */
function pollsFor(start: Operation, read: Operation, overview: string): number {
  const texts = [start.description, start.summary, read.description, overview];
  const said = texts.map((text) => (text ? WITHIN.exec(text) : null)).find((match) => match !== null);
  if (!said) return POLLS;
  const ms = Number(said[1]) * (/^m/i.test(said[2]!) ? 60_000 : 1000);
  return Math.min(MOST_POLLS, Math.max(POLLS, Math.ceil((ms + 1000) / POLL_MS)));
}

export async function followJobs(
  context: PlanContext,
  runner: SequenceRunner,
  testable: readonly Operation[],
  resources: readonly Resource[] = [],
): Promise<void> {
  for (const job of asynchronousJobs(context.operations)) {
    if (runner.stopped()) return;
    if (!testable.includes(job.start) || !testable.includes(job.read)) continue;
    const reach = runner.reach.scenario('job scenario', job.start.path, [STEP]);
    const params = await parentOf(job, context, runner, resources);
    if (!params) {
      reach.stop('no item was found or made for the job to work on');
      continue;
    }
    // Members naming other items (a report's `vin`) name listed ones: a made-up one is refused.
    // Where the start makes a collection's items, the maker finds them, in the states its words ask
    // for (a certificate for a `completed` enrollment).
    const made = context.collections.find((collection) => collection.create?.operation === job.start);
    const found = made ? await runner.references(made, params) : new Map<string, readonly unknown[]>();
    const ids = new Map<string, unknown>();
    for (const [member, other] of referencedCollections(job.start, context.collections)) {
      const [first] = found.get(member) ?? (await runner.listedIds(other));
      if (first !== undefined) ids.set(member, first);
    }
    const start = withKnownReferences(
      context.testCase(job.start, {
        kind: 'positive',
        plain: true,
        pathParams: params,
        what: 'to start a job',
        ...context.baselinePayload(job.start),
      }),
      ids,
    );
    // Its Location must name a path the document reads (the job's own first, or any other GET).
    const readable = [job.read.path, ...context.operations.filter((o) => o.method === 'GET').map((o) => o.path)];
    const started = await runner.execute(start, { sequence: { idiom: { idiom: 'job-location', expected: readable } } });
    const exchange = started?.exchange;
    const location = exchange?.ok ? exchange.response.headers.location : undefined;
    const id = typeof location === 'string' && exchange?.ok ? jobIdOf(location, exchange.request.url) : undefined;
    if (!exchange?.ok || exchange.response.status !== 202 || id === undefined) {
      reach.stop(
        `its start was ${exchange?.ok ? `answered ${exchange.response.status} without a Location` : 'not answered'}`,
      );
      continue;
    }
    const read = context.testCase(job.read, {
      kind: 'positive',
      plain: true,
      pathParams: { [job.parameter]: id },
      what: 'following a job',
    });
    const end = endOf(job);
    if (!end) {
      await runner.execute(read, {});
      reach.done(STEP);
      continue;
    }
    const idiom = { idiom: 'job-completes' as const, id, member: end.member, expected: end.terminal };
    const results = resultsOf(job, context).map(({ operation, early }) => ({
      early,
      testCase: context.testCase(operation, {
        kind: 'positive',
        plain: true,
        pathParams: { [job.parameter]: id },
        what: "reading a job's result",
      }),
    }));
    // Its results first, right after the start: the soonest the run can ask while the job runs.
    const startBody = parseBody(exchange);
    const startState = startBody.kind === 'json' ? asObject(startBody.value)?.[end.member] : undefined;
    // The start's own answer, where it is the job not done yet: what is null until then is null there
    // too (a job that ends within a second may never be read before it does).
    if (startState !== undefined && JSON.stringify(startState) !== JSON.stringify(end.terminal))
      runner.conclude(start, exchange, startBody, { sequence: { idiom: { ...idiom, idiom: 'job-pending' as const } } });
    await resultsBeforeDone(results, read, end, startState, runner);
    const polls = pollsFor(job.start, job.read, context.overview);
    const waited = { ...idiom, how: `${polls} reads over ${(polls * POLL_MS) / 1000} s` };
    for (let poll = 1; poll <= polls && !runner.stopped(); poll++) {
      const answer = await runner.send(read);
      if (!answer?.ok || answer.response.status >= 300) {
        if (answer) runner.conclude(read, answer, parseBody(answer), {});
        break;
      }
      const body = parseBody(answer);
      const state = body.kind === 'json' ? asObject(body.value)?.[end.member] : undefined;
      const done = JSON.stringify(state) === JSON.stringify(end.terminal);
      if (done || poll === polls) {
        runner.conclude(read, answer, body, { sequence: { idiom: waited } });
        reach.done(STEP);
        // Done: its result is there to read.
        if (done) for (const result of results) await runner.execute(result.testCase, {});
        break;
      }
      // Not done yet: what the document calls null until then must be null.
      runner.conclude(read, answer, body, { sequence: { idiom: { ...idiom, idiom: 'job-pending' as const } } });
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

/** Each result with a refusal in its words, read while the job is not done; judged only where a read
 * of the job right after still finds it not done (a job may end between two requests). */
async function resultsBeforeDone(
  results: readonly { early?: number; testCase: TestCase }[],
  read: TestCase,
  end: { member: string; terminal: unknown },
  state: unknown,
  runner: SequenceRunner,
): Promise<void> {
  for (const { early, testCase } of results) {
    if (early === undefined || runner.stopped()) continue;
    const answer = await runner.send(testCase);
    const again = await runner.send(read);
    const body = again?.ok ? parseBody(again) : undefined;
    const now = body?.kind === 'json' ? asObject(body.value)?.[end.member] : end.terminal;
    if (!answer || JSON.stringify(now) === JSON.stringify(end.terminal)) continue;
    runner.conclude(testCase, answer, parseBody(answer), {
      sequence: { idiom: { idiom: 'job-result-early', fromState: state, expectedStatus: early } },
    });
  }
}
