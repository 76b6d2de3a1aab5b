// api_idioms_honoured, the judgements of rules the document says in words and of where an answer
// points: a job's Location, deletions kept by children, writes locked by the parent's state,
// half-open spans, tallies. Part of idiom-checks.ts's registry.

import { answeredItem } from '../../spec/index.js';
import type { CheckContext, Finding, IdiomEvidence } from '../model.js';
import { pathOf } from './check-support.js';
import { changedCounts } from './counts.js';
import { finding } from './findings.js';
import { asObject } from './json-body.js';

type Judgement = (context: CheckContext, evidence: IdiomEvidence, status: number) => Finding[];

const header = (context: CheckContext, name: string): string | undefined => {
  const value = context.exchange.ok ? context.exchange.response.headers[name] : undefined;
  return Array.isArray(value) ? value.join(', ') : value;
};

/** A path template as a pattern: each {parameter} one segment; `prefix` '^' anchors it, else the
 * part before it is the first group (the base path). */
function templatePattern(template: string, end: string, prefix = '^(.*?)'): RegExp {
  const escaped = template
    .replace(/\/+$/, '')
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`${prefix}${escaped}${end}`);
}

function resolvedOrUndefined(location: string, base: string): string | undefined {
  try {
    return new URL(location, base).href;
  } catch {
    return undefined;
  }
}

export const SAID_RULE_JUDGEMENTS = {
  // An action the words allow only once the item has a child, sent on one without.
  'needs-children'(_context, evidence, status) {
    const { expectedStatus: expected, words, how: child } = evidence;
    return status < 300 ? [finding('action_without_children_accepted', { status, expected, words, child })] : [];
  },
  // An action the words refuse while a member of the item is unset, sent on one without it.
  'needs-member'(_context, evidence, status) {
    const { expectedStatus: expected, words, how: member } = evidence;
    return status < 300 ? [finding('action_without_member_accepted', { status, expected, words, member })] : [];
  },
  // A job's Location names a path the document reads (GET /jobs/{jobId}), under the same base.
  'job-location'(context, evidence, status) {
    const location = header(context, 'location');
    if (status !== 202 || location === undefined || !context.exchange.ok) return [];
    const requestPath = pathOf(context.exchange.request.url);
    const landed = pathOf(resolvedOrUndefined(location, context.exchange.request.url) ?? '');
    const start = templatePattern(context.testCase.operation.path, '$');
    const base = requestPath === undefined ? undefined : start.exec(requestPath)?.[1];
    if (base === undefined || landed === undefined) return [];
    const documented = (evidence.expected as readonly string[] | undefined) ?? [];
    const rest = landed.startsWith(base) ? landed.slice(base.length) : undefined;
    if (rest !== undefined && documented.some((path) => templatePattern(path, '$', '^').test(rest))) return [];
    const named =
      documented.length > 3
        ? `${documented.slice(0, 3).join(', ')}, … (${documented.length} in all)`
        : documented.join(', ');
    return [finding('job_location_unknown', { location, landed, documented: named })];
  },
  // A deletion the words refuse while the item has children: refused, and the child still there.
  'kept-by-children'(_context, evidence, status) {
    const { expectedStatus: expected, words } = evidence;
    return status < 300 ? [finding('deleted_with_children', { status, expected, words })] : [];
  },
  'kept-child'(_context, evidence, status) {
    const { expectedStatus: refused, words } = evidence;
    return status >= 300 && status < 500
      ? [finding('child_gone_with_refused_deletion', { status, refused, words })]
      : [];
  },
  // A write the words allow only in some of the parent's states, sent once the parent left them.
  'parent-locked'(_context, evidence, status) {
    const { expectedStatus: expected, words, how: state } = evidence;
    return status < 300 ? [finding('write_under_locked_parent_accepted', { status, expected, words, state })] : [];
  },
  'state-locked'(_context, evidence, status) {
    const { expectedStatus: expected, words, how: state } = evidence;
    return status < 300 ? [finding('write_in_locked_state_accepted', { status, expected, words, state })] : [];
  },
  // Half-open intervals, as the words say: an item starting exactly when another ends overlaps nothing.
  'interval-touching'(_context, evidence, status) {
    const { values, words, how: at, expectedStatus } = evidence;
    return status === expectedStatus ? [finding('touching_interval_refused', { status, values, words, at })] : [];
  },
  // A tally's counts after an item was made, moved and deleted: as they were before.
  'counts-unchanged'(context, evidence, status) {
    const now = status < 300 && context.body.kind === 'json' ? asObject(context.body.value) : undefined;
    const before = asObject(evidence.expected);
    const counts = now && evidence.member !== undefined ? asObject(now[evidence.member]) : now;
    const changes = counts && before ? changedCounts(before, counts, evidence.partial === true) : [];
    const code = evidence.partial ? 'counts_not_moved' : 'counts_changed';
    // Moved counts are compared with what one item makes of them, not with what they were.
    const said = evidence.partial ? changes.map((change) => change.replace(' (was ', ' (expected ')) : changes;
    return said.length > 0 ? [finding(code, { changes: said.join(', '), how: evidence.how })] : [];
  },
  // A write the words say changes nothing when repeated, sent twice: the item reads as after the first.
  'kept-on-repeat'(context, evidence, status) {
    const item =
      status < 300 && context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
    const was = asObject(evidence.expected);
    if (!item || !was) return [];
    const changed = Object.keys({ ...was, ...item }).find((name) => !sameValue(item[name], was[name]));
    return changed === undefined
      ? []
      : [
          finding('repeat_changed_item', {
            member: changed,
            was: was[changed],
            got: item[changed],
            verb: evidence.verb,
            words: evidence.words,
          }),
        ];
  },
} satisfies Partial<Record<IdiomEvidence['idiom'], Judgement>>;

/** The same value, a list of plain values in any order (a set answered in another order). */
function sameValue(one: unknown, other: unknown): boolean {
  if (JSON.stringify(one) === JSON.stringify(other)) return true;
  const plain = (value: unknown): value is unknown[] =>
    Array.isArray(value) && value.every((entry) => entry === null || typeof entry !== 'object');
  if (!plain(one) || !plain(other) || one.length !== other.length) return false;
  const sorted = (values: unknown[]) => values.map((value) => JSON.stringify(value)).sort();
  return JSON.stringify(sorted(one)) === JSON.stringify(sorted(other));
}
