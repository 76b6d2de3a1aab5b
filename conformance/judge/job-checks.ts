// api_idioms_honoured, the judgements of asynchronous jobs (plan/scenarios/jobs.ts): a job ends, a
// result its words hold back until then is not there before it, on the job or on a path of its own.
// Part of idiom-checks.ts's registry.
import { answeredItem, escapeRegExp, HELD_BACK_UNTIL_DONE, isJsonMediaType, propertiesOf } from '../../spec/index.js';
import type { CheckContext, Finding, IdiomEvidence } from '../model.js';
import { finding } from './findings.js';
import { asObject } from './json-body.js';

type Judgement = (context: CheckContext, evidence: IdiomEvidence, status: number) => Finding[];

/** Whether a member's description says it is null (or absent) in the job's `state` ("null until
 * the job is done", "present only when ready", "Only present when state is done"): where the words name the states it is null in ("Null while
 * `queued`"), only in those; otherwise in every state before done. */
function nullUntilDone(schema: unknown, state: unknown): boolean {
  const description = (schema as { description?: unknown } | undefined)?.description;
  if (typeof description !== 'string') return false;
  const during = /\b(?:null|absent)\b[^.;]*?\b(?:while|when)\b([^.;]*)/i.exec(description);
  // "null while it is not done" names the one state it is not null in.
  if (during && !/\bnot\b/i.test(during[1]!))
    return during[1]!
      .toLowerCase()
      .split(/[^\w-]+/)
      .includes(String(state).toLowerCase());
  if (during) return true;
  return HELD_BACK_UNTIL_DONE.test(description);
}

/** Words that name the end a held-back member waits for: the done state itself, or a word for it. A
 * member held back "unless the job failed" waits for another end, and stays null on a done job. */
const DONE_WORDS = /\b(?:done|complete|completed|finished|ready|succeeded)\b/i;

/** Whether a member's words say it is filled in once the job is done ("`null` until the job is
 * `done`", "Only present when the state is `done`"): held back until then, and the end they name is
 * the done state. */
function filledWhenDone(schema: unknown, done: unknown): boolean {
  const description = (schema as { description?: unknown } | undefined)?.description;
  if (typeof description !== 'string' || !HELD_BACK_UNTIL_DONE.test(description)) return false;
  const named = new RegExp(`\\b${escapeRegExp(String(done))}\\b`, 'i');
  return named.test(description) || DONE_WORDS.test(description);
}

export const JOB_JUDGEMENTS = {
  'job-completes'(context, evidence, status) {
    if (status >= 300) return [];
    const item = context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
    const member = evidence.member ?? 'status';
    if (!item) return [];
    if (JSON.stringify(item[member]) !== JSON.stringify(evidence.expected))
      return [
        finding('job_never_completes', { member, expected: evidence.expected, got: item[member], how: evidence.how }),
      ];
    // Done: what its words held back until now is there.
    const media = context.response?.content.find((m) => isJsonMediaType(m.mediaType) && m.validator);
    return Object.entries(propertiesOf(media?.validator?.schema))
      .filter(([name, schema]) => name !== member && filledWhenDone(schema, evidence.expected))
      .filter(([name]) => item[name] === null || item[name] === undefined)
      .map(([name]) => finding('job_done_without_result', { member: name, state: item[member], got: item[name] }));
  },
  // A job not done yet: a member its document calls null until then (`result`) is null.
  'job-pending'(context, evidence, status) {
    if (status >= 300 || context.body.kind !== 'json') return [];
    const item = asObject(context.body.value);
    const member = evidence.member ?? 'status';
    if (!item || JSON.stringify(item[member]) === JSON.stringify(evidence.expected)) return [];
    const media = context.response?.content.find((m) => isJsonMediaType(m.mediaType) && m.validator);
    return Object.entries(propertiesOf(media?.validator?.schema))
      .filter(([name, schema]) => name !== member && nullUntilDone(schema, item[member]))
      .filter(([name]) => item[name] !== null && item[name] !== undefined)
      .map(([name]) => finding('job_result_before_done', { member: name, state: item[member], got: item[name] }));
  },
  // A job's result read while the job is not done: refused as its words say ("Before that the answer is 409").
  'job-result-early'(_context, evidence, status) {
    return status < 300
      ? [finding('job_result_served_early', { status, state: evidence.fromState, expected: evidence.expectedStatus })]
      : [];
  },
} satisfies Partial<Record<IdiomEvidence['idiom'], Judgement>>;
