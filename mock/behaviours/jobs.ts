// Asynchronous jobs: a POST that answers 202 with a body and a Location, where a GET on a path of
// its own (`/jobs/{jobId}`) answers the same schema. The POST starts a job there (its Location names
// it); reads see it move through its states in order (pending, running, ...) to its end state within
// a second, its result members null until then; an id never started is 404, the one the document's
// example names is there, done. (Web Crypto's randomUUID: the mock runs in browsers too, under MSW.)

import {
  asynchronousJobs,
  type CallerNames,
  type Contract,
  HELD_BACK_UNTIL_DONE,
  isJsonMediaType,
  type JsonSchema,
  mergeAllOf,
  NOW_INSTANT,
  type Operation,
  pathParameterNamed,
  propertiesOf,
  type Resource,
  type SchemaValidator,
  STATE_INSTANT,
  takesNull,
} from '../../spec/core.js';
import { sampleValue, seedOf } from '../../spec/generate/index.js';
import { MockHttpError, sendJson } from '../core/errors.js';
import {
  answerHeaders,
  type Behaviour,
  type JobKind,
  type JobReadBehaviour,
  type JobStartBehaviour,
} from './behaviour-types.js';
import { type JobExchange, ownersOf, startBodyOf, startRefused, startsFromOf } from './job-starts.js';
import { unknownReference } from './named-references.js';
import type { Collections } from './store.js';
import { drawnYield, nullBranched } from './yields.js';

type Item = Record<string, unknown>;

/** How long a job stays in each state before its end state. */
const STEP_MS = 250;
/** Words that hold an optional member back until the job is done. */
const HELD_BACK = HELD_BACK_UNTIL_DONE;
const TERMINAL = ['done', 'completed', 'complete', 'succeeded', 'success', 'finished', 'ready'];

interface Running {
  readonly item: Item;
  readonly started: number;
}

/** Jobs per session: its collections map stands for the session. */
const RUNNING = new WeakMap<Collections, Map<string, Running>>();

function jobsOf(collections: Collections, job: JobKind): Map<string, Running> {
  let jobs = RUNNING.get(collections);
  if (!jobs) {
    jobs = new Map();
    // The job the document's example names is there, done (its result as the example shows it).
    if (job.exampleId !== undefined)
      jobs.set(job.exampleId, { item: { ...job.sample, [job.idProperty]: job.exampleId }, started: 0 });
    RUNNING.set(collections, jobs);
  }
  return jobs;
}

function jsonOf(operation: Operation, status: (code: number) => boolean) {
  const response = operation.responses.find((r) => status(Number(r.status)));
  const media = response?.content.find((m) => isJsonMediaType(m.mediaType) && m.validator);
  return response && media?.validator ? { response, media, validator: media.validator } : undefined;
}

/** The job kinds of a document: each 202 with a Location whose schema a single-parameter GET answers. */
export function bindJobs(
  contract: Contract,
  bound: ReadonlyMap<Operation, Behaviour>,
  resources: readonly Resource[] = [],
  caller: () => CallerNames | undefined = () => undefined,
): Map<Operation, JobStartBehaviour | JobReadBehaviour> {
  const collections = resources.map((resource) => resource.collection);
  const jobs = new Map<Operation, JobStartBehaviour | JobReadBehaviour>();
  for (const { start, read } of asynchronousJobs(contract.operations)) {
    // A start the model reads as a creation beside a list of jobs still starts a job here: its
    // Location names the documented read, which no collection binds. So does one read as an action
    // that keeps its item's state ("Only for a rental in status `returned`"): startsFromOf checks it.
    const taken = bound.get(start);
    const starts = taken === undefined || taken.kind === 'create' || (taken.kind === 'action' && taken.keepsState);
    if (bound.has(read) || !starts) continue;
    const accepted = jsonOf(start, (code) => code === 202)!;
    const found = jobKind(contract, start, read, accepted.validator, accepted.media.examples);
    if (!found) continue;
    const body = startBodyOf(start, accepted.validator.schema, resources, collections, caller);
    // A member the body gives (a nullable `venueId`) is what the job works on, no result held back.
    const results = Object.fromEntries(
      Object.entries(found.results).filter(([name]) => !(body.kept ?? []).includes(name)),
    );
    const job = { ...found, results };
    jobs.set(start, {
      kind: 'job-start',
      job,
      startPath: start.path,
      status: 202,
      headers: answerHeaders(undefined),
      ...startsFromOf(start, resources),
      ...body,
    });
    jobs.set(read, { kind: 'job-read', job, status: 200, headers: answerHeaders(undefined) });
  }
  return jobs;
}

function jobKind(
  contract: Contract,
  start: Operation,
  read: Operation,
  validator: SchemaValidator,
  examples: readonly unknown[],
): JobKind | undefined {
  const parameter = /\{([^}]+)\}$/.exec(read.path)![1]!;
  const properties = propertiesOf(validator.schema);
  const idProperty = ['id', `${parameter}`, 'jobId', 'job_id'].find((name) => name in properties);
  const sample = sampleValue(validator, examples, seedOf(`${start.id}:job`))?.value as Item | undefined;
  if (!idProperty || typeof sample !== 'object' || sample === null) return undefined;
  const stateMember = ['status', 'state'].find((name) =>
    Array.isArray(mergeAllOf((properties[name] ?? {}) as Item).enum),
  );
  const values = stateMember ? (mergeAllOf(properties[stateMember] as Item).enum as unknown[]) : [];
  const end = values.findIndex((value) => TERMINAL.includes(String(value).toLowerCase()));
  const states =
    end >= 0
      ? values.slice(0, end + 1).filter((v, i) => i === end || !/fail|error|cancel/i.test(String(v)))
      : values.slice(0, 1);
  const results: Item = {};
  const absentUntilDone: string[] = [];
  const doneInstants: string[] = [];
  const required = new Set((mergeAllOf(validator.schema as Item).required as string[] | undefined) ?? []);
  for (const [name, schema] of Object.entries(properties)) {
    const merged = mergeAllOf(schema as Item);
    // `oneOf: [{type: 'null'}, {$ref: Export}]` takes null as `nullable` does.
    const nullable = takesNull(merged) || nullBranched(merged);
    // An optional member its words hold back ("Present only when `status` is `ready`") is left out.
    const heldBack = !nullable && !required.has(name) && HELD_BACK.test(String(merged.description ?? ''));
    if (nullable && STATE_INSTANT.test(name) && !NOW_INSTANT.test(name)) doneInstants.push(name);
    if ((!nullable && !heldBack) || name === stateMember || STATE_INSTANT.test(name) || NOW_INSTANT.test(name))
      continue;
    // What it yields once done: the sample's, else (an example of `null`) one drawn from its schema.
    const yielded =
      sample[name] !== null && sample[name] !== undefined ? sample[name] : drawnYield(schema as JsonSchema);
    if (yielded !== undefined) results[name] = yielded;
    if (heldBack) absentUntilDone.push(name);
  }
  const example = read.parameters.find((p) => p.in === 'path' && p.name === parameter)?.examples[0];
  return {
    readPath: read.path,
    parameter,
    idProperty,
    ...(stateMember ? { stateMember } : {}),
    states,
    results,
    ...(absentUntilDone.length > 0 ? { absentUntilDone } : {}),
    ...(doneInstants.length > 0 ? { doneInstants } : {}),
    sample: { ...sample, ...(stateMember && states.length > 0 ? { [stateMember]: states.at(-1) } : {}) },
    ...(example !== undefined ? { exampleId: String(example) } : {}),
    basePath: contract.basePath,
    idFits: (id) =>
      !validator.validate({ ...sample, [idProperty]: id }).some((issue) => issue.pointer === `/${idProperty}`),
  };
}

/** The job as it stands `elapsed` ms after it started: its state, and its results once done. */
function asNow(job: JobKind, running: Running): Item {
  if (running.started === 0 || !job.stateMember) return running.item;
  const step = Math.min(job.states.length - 1, Math.floor((Date.now() - running.started) / STEP_MS));
  const done = step === job.states.length - 1;
  const doneAt = new Date(running.started + (job.states.length - 1) * STEP_MS).toISOString();
  const stamped = done ? Object.fromEntries((job.doneInstants ?? []).map((name) => [name, doneAt])) : {};
  return {
    ...running.item,
    [job.stateMember]: job.states[step],
    ...(done ? job.results : {}),
    ...stamped,
  };
}

let counter = 0;

/** A sample id whose trailing number is moved on by `step`, kept to its digits' width at least. */
function numberedAfter(sample: unknown, step: number): string | undefined {
  const match = typeof sample === 'string' ? /^(.*?)(\d+)$/.exec(sample) : null;
  if (!match) return undefined;
  const [, head, digits] = match as unknown as [string, string, string];
  return `${head}${String(Number(digits) + step).padStart(digits.length, '0')}`;
}

export const JOB_HANDLERS = {
  async 'job-start'(behaviour: JobStartBehaviour, context: JobExchange): Promise<void> {
    const { job } = behaviour;
    // A body that is not what the start takes (malformed JSON, a schema broken) is refused first.
    const body = (await context.receiveBody()).judged();
    if (body instanceof MockHttpError) return context.refuse(body);
    const refused =
      startRefused(behaviour, context) ?? unknownReference(behaviour.references, context.collections(), body);
    if (refused) return context.refuse(refused);
    const jobs = jobsOf(context.collections(), job);
    counter++;
    // An id of the kind the job's schema gives: a string of the mock's, else the sample's with its
    // number moved on (`exp-1234` → `exp-1235`), else a uuid, else a number.
    const id =
      [
        `job_${Date.now().toString(36)}${counter.toString(36)}`,
        numberedAfter(job.sample[job.idProperty], counter),
        globalThis.crypto.randomUUID(),
        counter,
      ].find((candidate) => candidate !== undefined && job.idFits(candidate)) ?? globalThis.crypto.randomUUID();
    const key = String(id);
    const instant = new Date().toISOString();
    const sent = (typeof body === 'object' && body !== null ? body : {}) as Item;
    const item: Item = {
      ...job.sample,
      ...ownersOf(behaviour, context.params),
      [job.idProperty]: id,
    };
    for (const name of Object.keys(item))
      if (NOW_INSTANT.test(name) && typeof item[name] === 'string') item[name] = instant;
    for (const name of Object.keys(job.results)) item[name] = null;
    for (const name of job.absentUntilDone ?? []) delete item[name];
    for (const name of job.doneInstants ?? []) if (name in item) item[name] = null;
    // What the body says the job works on (a nullable `venueId` is no result held back).
    for (const name of behaviour.kept ?? []) if (name in sent) item[name] = sent[name];
    // Members named like the starter's path parameters name what the job works on (`key`, or
    // `spaceKey` for /spaces/{key}).
    for (const name of Object.keys(item)) {
      const parameter = name in context.params ? name : pathParameterNamed(behaviour.startPath ?? '', name);
      const text = parameter === undefined ? undefined : context.params[parameter];
      if (text === undefined) continue;
      // A path's text, typed as the member holds it (a session's `sessionNumber` 4, not "4").
      item[name] = typeof job.sample[name] === 'number' && Number.isFinite(Number(text)) ? Number(text) : text;
    }
    if (job.stateMember && job.states.length > 0) item[job.stateMember] = job.states[0];
    const running = { item, started: Date.now() };
    jobs.set(key, running);
    const location = `${job.basePath}${job.readPath.replace(/\{[^}]+\}$/, encodeURIComponent(key))}`;
    sendJson(context.res, behaviour.status, JSON.stringify(asNow(job, running)), {
      ...behaviour.headers,
      Location: location,
    });
  },

  'job-read'(behaviour: JobReadBehaviour, context: JobExchange): void {
    const { job } = behaviour;
    const id = context.params[job.parameter] ?? '';
    const running = jobsOf(context.collections(), job).get(id);
    if (!running) return context.refuse(new MockHttpError(404, 'not_found', `No job ${id}.`));
    sendJson(context.res, behaviour.status, JSON.stringify(asNow(job, running)), behaviour.headers);
  },
};
