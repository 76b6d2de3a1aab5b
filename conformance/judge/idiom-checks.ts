// api_idioms_honoured: what the idiom scenario (plan/idioms.ts) sent, judged by its answer. One
// named judgement per idiom, in a registry.

import { answeredItem, listedItems, UPDATE_INSTANT } from '../../spec/index.js';
import type { Check, CheckContext, Finding, IdiomEvidence, WalkEvidence } from '../model.js';
import { CAPACITY_JUDGEMENTS } from './capacity-checks.js';
import { pathOf, statusOf } from './check-support.js';
import { uniqueEntryFindings } from './entry-checks.js';
import { pointedMembers, pointsAtOtherEntry, pointsElsewhere } from './error-pointers.js';
import { etagConflictFindings } from './etag-conflicts.js';
import { finding } from './findings.js';
import { JOB_JUDGEMENTS } from './job-checks.js';
import { idKey } from './json-body.js';
import { LIFE_JUDGEMENTS } from './life-checks.js';
import { listOrderFindings } from './order-checks.js';
import { pageEchoFindings } from './page-echoes.js';
import { PRECONDITION_JUDGEMENTS } from './precondition-checks.js';
import { minimalUnaskedFindings, PREFER_JUDGEMENTS } from './prefer-checks.js';
import { SAID_RULE_JUDGEMENTS } from './said-rule-checks.js';
import { stateTimes } from './state-times.js';
import { VALUE_JUDGEMENTS } from './value-checks.js';

type Judgement = (context: CheckContext, evidence: IdiomEvidence, status: number) => Finding[];

const header = (context: CheckContext, name: string): string | undefined => {
  const value = context.exchange.ok ? context.exchange.response.headers[name] : undefined;
  return Array.isArray(value) ? value.join(', ') : value;
};

const refused = (status: number) => status >= 400 && status < 500;

/** The member that stamps a soft deletion (deletedAt, deleted_at, removedOn). */
const DELETION_INSTANT = /^(?:deleted|removed|trashed)_?(?:at|on|time|date)$/i;

const JUDGEMENTS: Readonly<Record<IdiomEvidence['idiom'], Judgement>> = {
  ...SAID_RULE_JUDGEMENTS,
  ...LIFE_JUDGEMENTS,
  ...JOB_JUDGEMENTS,
  ...CAPACITY_JUDGEMENTS,
  ...VALUE_JUDGEMENTS,
  ...PRECONDITION_JUDGEMENTS,
  ...PREFER_JUDGEMENTS,
  'idempotent-replay'(context, evidence, status) {
    if (status >= 300) return evidence.refusalAllowed ? [] : [finding('idempotent_replay_refused', { status })];
    const item = context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
    const idProperty = context.collection?.idProperty ?? 'id';
    const answered = item && item[idProperty] !== undefined ? idKey(item, idProperty) : undefined;
    return answered !== undefined && answered !== evidence.id
      ? [finding('idempotent_replay_created', { idProperty, id: evidence.id, other: answered })]
      : [];
  },
  'idempotency-conflict'(_context, evidence, status) {
    return status < 300
      ? [finding('idempotency_key_reuse_accepted', { status, expected: evidence.expectedStatus ?? '4xx' })]
      : [];
  },
  'if-none-match'(context, _evidence, status) {
    // A 200 whose ETag is another than the one sent: the item changed meanwhile (a job filled it in).
    const sent = Object.entries(context.exchange.request.headers).find(([name]) => /^if-none-match$/i.test(name))?.[1];
    const now = header(context, 'etag');
    const weak = (tag: unknown) => String(tag).replace(/^W\//, '').trim();
    const changed = typeof sent === 'string' && now !== undefined && weak(now) !== weak(sent);
    if (status === 200 && !changed) return [finding('not_modified_ignored', { status })];
    const bytes = context.exchange.ok ? context.exchange.response.bytes : 0;
    return status === 304 && bytes > 0 ? [finding('not_modified_with_body', { bytes })] : [];
  },
  'etag-changes'(context, evidence, status) {
    const now = header(context, 'etag');
    // A 304 to the tag the item had before the change calls the changed item unchanged.
    if (status === 304) return [finding('etag_unchanged', { etag: evidence.expected })];
    return status < 300 && now !== undefined && now === evidence.expected
      ? [finding('etag_unchanged', { etag: now })]
      : [];
  },
  'etag-stable'(context, evidence, status) {
    const now = header(context, 'etag');
    const same = context.exchange.ok && context.exchange.response.text === evidence.body;
    return status < 300 && now !== undefined && same && now !== evidence.expected
      ? [finding('etag_unstable', { before: evidence.expected, after: now })]
      : [];
  },
  // RFC 9110 13.1.1: a failed If-Match is 412, whatever else the change would meet.
  action(context, evidence, status) {
    if (status >= 300) return [];
    const item = context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
    const member = evidence.member ?? 'status';
    const got = item?.[member];
    if (!item) return [];
    if (JSON.stringify(got) !== JSON.stringify(evidence.expected))
      return [finding('action_not_applied', { verb: evidence.verb, member, expected: evidence.expected, got })];
    const times = stateTimes(item, evidence.expected, evidence.otherFinals ?? [], evidence.verb, {
      states: evidence.unreached ?? [],
      nullBefore: new Set(evidence.nullBefore ?? []),
    });
    // What the body gave the item, as its words say ("Sets ... grade"): held as sent. And the
    // members its words leave null ("`archivedAt` ... become null"; absent reads the same), but
    // another final state's time, which other_state_time_set names already.
    const timed = new Set(times.map((found) => found.fields.member));
    const nulled = (evidence.nulled ?? []).filter((name) => !timed.has(name)).map((name) => [name, null] as const);
    const unstored = [...Object.entries(evidence.stored ?? {}), ...nulled].filter(
      ([name, value]) => JSON.stringify(item[name] ?? null) !== JSON.stringify(value),
    );
    const unapplied = unstored.map(([name, value]) =>
      finding('action_not_applied', { verb: evidence.verb, member: name, expected: value, got: item[name] }),
    );
    const lost = Object.entries(evidence.keptBefore ?? {})
      .filter(([name, before]) => JSON.stringify(item[name] ?? null) !== JSON.stringify(before))
      .map(([name, before]) =>
        finding('state_time_lost', { member: name, before, got: item[name] ?? null, verb: evidence.verb }),
      );
    return [...unapplied, ...times, ...lost, ...updateKept(item, evidence)];
  },
  'next-page'(context, evidence, status) {
    // A token naming an item the run deleted meanwhile may rightly be refused (cursor = last id).
    if (status >= 300 && status < 500 && evidence.runItem)
      return [finding('next_page_refused', { status }, { severity: 'note' })];
    if (status >= 300) return [finding('next_page_refused', { status })];
    const items = context.body.kind === 'json' ? listedItems(context.collection, context.body.value) : undefined;
    const limit = typeof evidence.expected === 'number' ? evidence.expected : undefined;
    return items && limit !== undefined && items.length > limit
      ? [finding('page_over_limit', { count: items.length, limit })]
      : [];
  },
  filter(context, evidence, status) {
    if (status >= 300) return [];
    const member = evidence.member ?? '';
    const idProperty = context.collection?.idProperty ?? 'id';
    // Several values given where the document says an item must hold them all (every one held).
    const expected = Array.isArray(evidence.expected) ? evidence.expected.map(String) : [String(evidence.expected)];
    const matches = (value: unknown) =>
      evidence.contains
        ? Array.isArray(value) && expected.every((one) => value.some((held) => String(held) === one))
        : String(value) === expected[0];
    const other = (evidence.items ?? []).find((item) => !matches(item[member]));
    if (other) return [finding('filter_not_applied', { member, value: evidence.expected, other: other[member] })];
    const listed = (evidence.items ?? []).some(
      (item) => item[idProperty] !== undefined && idKey(item, idProperty) === evidence.id,
    );
    return evidence.complete && !listed
      ? [finding('filtered_item_missing', { member, value: evidence.expected, idProperty, id: evidence.id })]
      : [];
  },
  // RFC 9110 9.3.4: a PUT that replaces answers 200 or 204; one that creates, 201.
  'put-replaced'(context, _evidence, status) {
    const documented = context.testCase.operation.responses.map((r) => r.status);
    if (status !== 201 || !documented.some((s) => s === '200' || s === '204')) return [];
    return [finding('put_replace_created', { status })];
  },
  'put-created'(_context, evidence, status) {
    if (status >= 200 && status < 300 && (evidence.expectedStatus === undefined || status === evidence.expectedStatus))
      return [];
    return [finding('put_create_not_created', { status, expected: evidence.expectedStatus ?? '2xx' })];
  },
  location(context, evidence, status) {
    if (status >= 300) return [finding('location_not_readable', { status, location: evidence.expected })];
    // The item was read at its path; the Location, resolved as a client resolves it, must land there.
    const landed = evidence.resolved ? pathOf(evidence.resolved) : undefined;
    const read = pathOf(context.exchange.request.url);
    if (landed !== undefined && read !== undefined && landed !== read)
      return [finding('location_elsewhere', { location: evidence.expected, landed, read })];
    const item = context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
    const idProperty = context.collection?.idProperty ?? 'id';
    const found = item && item[idProperty] !== undefined ? idKey(item, idProperty) : undefined;
    return found !== undefined && found !== evidence.id
      ? [finding('location_other_item', { location: evidence.expected, idProperty, id: evidence.id, other: found })]
      : [];
  },
  // Numbers per parent, as the document says: a new parent's first item is 1; a deleted one's
  // number is not given again.
  // Soft deletion: a live item's restore gets the documented refusal; a deleted one's brings it back.
  'create-only-existing'(_context, evidence, status) {
    return status < 300 ? [finding('create_only_replaced', { status, expected: evidence.expectedStatus })] : [];
  },
  'restore-live'(_context, evidence, status) {
    return status < 300 ? [finding('live_item_restored', { status, expected: evidence.expectedStatus })] : [];
  },
  restored(context, evidence, status) {
    if (status >= 300 && status < 500) return [finding('deleted_item_not_restored', { status })];
    // A restored item is live again: its deletion time is cleared (deletedAt null or gone), and the
    // members the restore's words clear (`retiredAt`).
    const item =
      status < 300 && context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
    const cleared = (name: string) => DELETION_INSTANT.test(name) || (evidence.nulled ?? []).includes(name);
    const stamp = Object.entries(item ?? {}).find(([name, value]) => cleared(name) && value !== null);
    return stamp ? [finding('restored_item_still_deleted', { member: stamp[0], got: stamp[1] })] : [];
  },
  // Under a parent deleted for good nothing is left: its child reads 404 (or 410).
  'parent-deleted'(context, evidence, status) {
    // The children's list under it: an empty one lets nothing outlive the parent.
    const listing = context.collection?.list?.operation === context.testCase.operation;
    const empty =
      listing && context.body.kind === 'json' && listedItems(context.collection, context.body.value)?.length === 0;
    return status < 300 && !empty ? [finding('child_outlives_parent', { status, parent: evidence.expected })] : [];
  },
  // A member naming an item that exists nowhere: refused, with the status the words give its rule.
  'reference-unknown'(context, evidence, status) {
    const { member, how: value, expectedStatus: expected } = evidence;
    const kind = evidence.values ?? 'an item that exists nowhere';
    if (status < 300) return [finding('unknown_reference_accepted', { status, member, value, kind })];
    // The refusal the words give this rule, whose entries point at fields: one of them is the member
    // refused (a 400 or 409 may be about the rest of the body, and point there rightly).
    const own = member !== undefined && status === expected && context.body.kind === 'json';
    const sent = context.testCase.payload?.kind === 'json' ? context.testCase.payload.value : undefined;
    const elsewhere = own
      ? (pointsElsewhere(context.body.value, member) ?? pointsAtOtherEntry(context.body.value, member, sent, value))
      : undefined;
    if (elsewhere) return [finding('refusal_points_elsewhere', { status, member, pointed: elsewhere.join(', ') })];
    // A conflict (409) or a plain 400 may come first from the rest of the body: only another
    // refusal than the words say is judged, or, for an item that exists nowhere, a 400 or 409 that
    // points at the member itself (a deleted item may meet a rule of its own: "409 when deleted").
    const atMember =
      kind === 'an item that exists nowhere' &&
      member !== undefined &&
      context.body.kind === 'json' &&
      pointedMembers(context.body.value).includes(member.split('.').at(-1)!);
    const other =
      expected !== undefined && status < 500 && status !== expected && ((status !== 400 && status !== 409) || atMember);
    return other ? [finding('unknown_reference_status', { status, member, value, expected, kind })] : [];
  },
  // A write below an item that exists nowhere (a lesson under an unknown course), or a read of
  // what is below it: refused.
  'parent-unknown'(context, evidence, status) {
    const { how: value, expectedStatus: expected, member: parameter } = evidence;
    const { id: operation, method } = context.testCase.operation;
    const kind = method === 'GET' ? 'missing_parent_read' : 'missing_parent_accepted';
    return status < 300 ? [finding(kind, { status, parameter, value, expected, operation })] : [];
  },
  // An item written at the path of another parent than its own: refused, as an item that is not there.
  'other-parent'(context, evidence, status) {
    const { how: value, member: parameter } = evidence;
    const { id: operation } = context.testCase.operation;
    return status < 300 ? [finding('item_reached_through_other_parent', { status, parameter, value, operation })] : [];
  },
  'action-refused'(_context, evidence, status) {
    if (refused(status) || status >= 300) return [];
    const { verb, expectedStatus: expected, finalState } = evidence;
    return finalState === undefined
      ? [finding('repeated_action_accepted', { verb, status, expected })]
      : [finding('action_from_final_state_accepted', { verb, status, expected, state: finalState })];
  },
};

/** A walk of every page: it ends (no page pointed to twice), its first page holds no more than the
 * limit asked, and, read when the run's own writes were done, the last page stated as total the
 * number of items the pages held. */
function judgeWalk(walk: WalkEvidence): Finding[] {
  if (walk.repeatedQuery !== undefined) return [finding('next_page_repeats', { query: walk.repeatedQuery })];
  // Read when the run's writes were done: a cursor that hands an item again hands it twice.
  if (walk.settled && walk.repeatedIds && walk.repeatedIds.length > 0)
    return [finding('list_ids_repeated', { ids: walk.repeatedIds.slice(0, 5) })];
  const first = walk.firstPage;
  if (first && first.count > first.limit) return [finding('page_over_limit', first)];
  // The last page's total, the freshest, is the number held (not that page's own count: 3, then 1).
  const total = walk.totals.at(-1);
  return walk.settled && walk.complete && total !== undefined && total !== walk.count
    ? [finding('list_total_mismatch', { total, count: walk.count })]
    : [];
}

export const apiIdiomsHonoured: Check = (context) => {
  const { idiom, walk } = context.sequence ?? {};
  const status = statusOf(context);
  // A list in the order its words give: on every answer of it, in a sequence or not.
  // And the paging values its envelope names (page-echoes.ts), and a bodiless answer nobody asked for.
  const inOrder = listOrderFindings(context);
  const echoes = [...pageEchoFindings(context), ...minimalUnaskedFindings(context), ...uniqueEntryFindings(context)];
  const ordered = etagConflictFindings(context, echoes.length > 0 ? [...(inOrder ?? []), ...echoes] : inOrder);
  if ((!idiom && !walk) || status === undefined || status >= 500) return ordered;
  return [
    ...(ordered ?? []),
    ...(idiom ? JUDGEMENTS[idiom.idiom](context, idiom, status) : []),
    ...(walk && status < 300 ? judgeWalk(walk) : []),
  ];
};

/** An action changed the item (its state): its update instant, read a second or more after the last
 * change, moves on. Compared as instants. */
function updateKept(item: Record<string, unknown>, evidence: IdiomEvidence): Finding[] {
  return Object.entries(evidence.instantsBefore ?? {}).flatMap(([member, before]) => {
    const value = item[member];
    const after = typeof value === 'string' ? Date.parse(value) : Number.NaN;
    if (!UPDATE_INSTANT.test(member) || Number.isNaN(after) || after > Date.parse(before)) return [];
    return [finding('action_update_instant_kept', { verb: evidence.verb, member, before, got: value })];
  });
}
