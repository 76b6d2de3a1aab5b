// The console summary: a table of check × operation, contract coverage, then each distinct
// failure with what was received, what was expected, and how to reproduce it.

import { truncate } from '../../spec/index.js';
import type { Violation } from '../model.js';
import type { RunResult } from '../run.js';
import { notRunClause, reachText } from './not-run.js';
import type { CheckStats } from './recorder.js';

const MARK = { passed: 'pass', failed: 'FAIL', skipped: '-' } as const;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function describe(violation: Violation, index: number, replay: string): string {
  const lines = [
    `${index}) ${violation.baseline ? `[${violation.baseline}] ` : ''}${violation.check} · ${violation.operation} · ${violation.title}${violation.occurrences > 1 ? ` (in ${violation.occurrences} exchanges)` : ''}`,
    `   ${violation.message}`,
    `   case:      ${violation.caseLabel}`,
  ];
  if (violation.pointer !== undefined)
    lines.push(
      `   at:        ${violation.pointer || '(body)'}${violation.keyword ? ` (keyword ${violation.keyword})` : ''}`,
    );
  if (violation.response)
    lines.push(
      `   response:  ${violation.response.status} ${violation.response.contentType ?? ''} ${truncate(violation.response.bodyExcerpt, 200)}`,
    );
  if (violation.transport) lines.push(`   transport: ${violation.transport}`);
  lines.push(`   reproduce: ${violation.curl}`);
  lines.push(`   replay:    ${replay} --checks ${violation.check}`);
  return lines.join('\n');
}

const markOf = (stats: CheckStats): string =>
  stats.outcome === 'skipped' && stats.reason ? 'n/r' : MARK[stats.outcome];

/** The widest line of the check matrix before it is told check by check. */
const MATRIX_WIDTH = 100;

/** Each check on its own line: the operations where it failed or could not run, by name; those
 * where it passed or did not apply, counted. Fits 100 columns whatever the number of operations. */
function checksByOperation(checks: readonly string[], tested: RunResult['operations']): string {
  const width = Math.max(...checks.map((check) => check.length));
  const lines = [
    `Checks by operation (${tested.length} operations; only failures and checks that could not run are named):`,
  ];
  for (const check of checks) {
    const by = (mark: string) => tested.filter((o) => markOf(o.checks[check]!) === mark).map((o) => o.id);
    const failed = by('FAIL');
    const notRun = by('n/r');
    const counted = [`${by('pass').length} pass`, `${by('-').length} did not apply`].join(', ');
    const named = [
      ...(failed.length > 0 ? [`FAIL ${failed.join(', ')}`] : []),
      ...(notRun.length > 0 ? [`n/r ${notRun.join(', ')}`] : []),
    ];
    lines.push(...wrapped(`  ${check.padEnd(width)}  ${[counted, ...named].join('; ')}`, ' '.repeat(width + 4)));
  }
  return lines.join('\n');
}

/** A line broken at ', ' and '; ' to fit the matrix width, later lines indented. */
function wrapped(line: string, indent: string): string[] {
  const lines: string[] = [];
  let rest = line;
  while (rest.length > MATRIX_WIDTH) {
    const cut = Math.max(rest.lastIndexOf(', ', MATRIX_WIDTH - 1), rest.lastIndexOf('; ', MATRIX_WIDTH - 1));
    if (cut <= indent.length) break;
    lines.push(rest.slice(0, cut + 1));
    rest = `${indent}${rest.slice(cut + 2)}`;
  }
  return [...lines, rest];
}

export function consoleReport(result: RunResult, replay: string): string {
  const tested = result.operations.filter((o) => !o.skipped);
  const out: string[] = [];
  out.push(
    `Target ${result.baseUrl}  seed ${result.seed}  ${result.requests} requests (${result.writes} writes) in ${(result.durationMs / 1000).toFixed(2)} s`,
  );
  if (result.insecure) out.push('Warning: --insecure: TLS certificates were NOT verified.');
  if (tested.length > 0) {
    const rows = [
      ['check', ...tested.map((o) => o.id)],
      ...result.checks.map((check) => [check, ...tested.map((o) => markOf(o.checks[check]!))]),
    ];
    const matrix = table(rows);
    // A column per operation fits a few operations; past 100 columns, each check on a line of its own.
    const fits = matrix.split('\n').every((line) => line.length <= MATRIX_WIDTH);
    out.push(
      '',
      fits ? matrix : checksByOperation(result.checks, tested),
      '',
      '  pass · FAIL · - did not apply · n/r could not run (cases left unsent, below)',
    );
  }
  const unsent = tested.filter((o) => o.unsent);
  if (unsent.length > 0) {
    out.push('', 'Not sent:');
    for (const operation of unsent) {
      for (const [reason, count] of Object.entries(operation.unsent!))
        out.push(`  ${operation.id}: ${count} case(s): ${reason}`);
    }
  }
  const skipped = result.operations.filter((o) => o.skipped);
  const webhooks = (result.webhooks ?? []).map(
    (name) => `  webhook ${name}: a request the service sends, not one it answers`,
  );
  if (skipped.length + webhooks.length > 0)
    out.push('', 'Not tested:', ...skipped.map((o) => `  ${o.method} ${o.path}: ${o.skipped}`), ...webhooks);
  out.push('', 'Coverage (documented statuses observed):');
  for (const operation of tested) {
    const statuses = operation.documentedStatuses.map(
      (status) => `${status} ${operation.observedStatuses.some((s) => String(s) === status) ? 'seen' : 'not seen'}`,
    );
    const extra = operation.observedStatuses
      .filter((s) => !operation.documentedStatuses.includes(String(s)))
      .map((status) => `${status}${whereJudged(result, operation.id, status)}`);
    out.push(
      `  ${operation.id}: ${statuses.join(', ')}${extra.length > 0 ? `; undocumented seen: ${extra.join(', ')}` : ''}`,
    );
  }
  out.push(...reachBlock(result));
  const baseline = result.baseline;
  if (result.violations.length > 0) {
    const split = baseline ? `: ${baseline.new} new, ${baseline.known} known in the baseline` : '';
    out.push('', `Failures (${result.violations.length} distinct${split}):`, '');
    result.violations.forEach((violation, index) => {
      out.push(describe(violation, index + 1, replay), '');
    });
  }
  if (baseline && baseline.fixed.length > 0) {
    out.push('', `Fixed since the baseline (${baseline.fixed.length}; shrink it with --write-baseline):`);
    for (const entry of baseline.fixed) out.push(`  - ${entry.check} · ${entry.operation} · ${entry.title}`);
  }
  if (result.notes.length > 0) {
    out.push('', `Notes (${result.notes.length}; not failures: the document leaves these open):`);
    for (const note of result.notes)
      out.push(`  - ${note.operation} ${note.title}: ${note.message} (${note.caseLabel})`);
  }
  if (result.aborted) out.push('', `Stopped early: ${result.aborted}`);
  const failedChecks = tested.reduce(
    (sum, o) => sum + Object.values(o.checks).filter((c) => c.outcome === 'failed').length,
    0,
  );
  const passedChecks = tested.reduce(
    (sum, o) => sum + Object.values(o.checks).filter((c) => c.outcome === 'passed').length,
    0,
  );
  out.push('', verdict(result, passedChecks, failedChecks));
  return `${out.join('\n')}\n`;
}

/** What the run did not reach: operations whose success it never saw, state checks that did not
 * run, each with its reason (a tool says what it did not do). */
function reachBlock(result: RunResult): string[] {
  const reach = result.reach;
  if (!reach) return [];
  const out = ['', `Reach: ${reachText(reach)} (${reach.percent}%)`];
  if (reach.notReached.length > 0) out.push(`  no documented success seen: ${reach.notReached.join(', ')}`);
  for (const { scenario, path, steps, reason } of reach.unreached)
    out.push(`  the ${scenario} of ${path} did not run ${steps.join(', ')}: ${reason}`);
  if (result.belowReach) out.push(`  ${result.belowReach}`);
  return out;
}

function verdict(result: RunResult, passed: number, failed: number): string {
  const baseline = result.baseline;
  if (result.exitCode === 2) return `COULD NOT RUN: ${result.error ?? 'unknown reason'}`;
  // What could not run is said on the verdict line itself: a partial run is never just CONFORMANT.
  const notRun = notRunClause(result);
  const reach = result.reach;
  const partial = reach !== undefined && (reach.notReached.length > 0 || reach.unreached.length > 0);
  const conformant = notRun || partial ? 'CONFORMANT AS FAR AS TESTED' : 'CONFORMANT';
  const reached = reach ? ` (${reachText(reach)})` : '';
  if (!baseline) {
    if (result.exitCode === 0) return `${conformant}${reached}: ${passed} operation checks passed, 0 failed${notRun}`;
    if (result.violations.length === 0 && result.belowReach)
      return `NOT CONFORMANT: ${result.belowReach}; ${passed} operation checks passed, 0 failed${notRun}`;
    return `NOT CONFORMANT${reached}: ${result.violations.length} distinct violation(s) in ${failed} operation check(s); ${passed} passed${notRun}`;
  }
  const fixed = baseline.fixed.length > 0 ? `, ${baseline.fixed.length} fixed` : '';
  const against = `baseline ${baseline.file}: ${baseline.known} known${fixed}`;
  return result.exitCode === 0
    ? `${conformant} apart from the baseline: no new violation (${against}); ${passed} operation checks passed${notRun}`
    : `NOT CONFORMANT: ${baseline.new} new violation(s) (${against}); ${passed} operation checks passed${notRun}`;
}

/** Where an undocumented status was judged, where the failures do not list it as undocumented_status:
 * the coverage and the checks then speak of the same exchange in the same words. */
function whereJudged(result: RunResult, operation: string, status: number): string {
  const about = (code: string) => (v: RunResult['violations'][number]) =>
    v.operation === operation && v.code === code && v.fields.status === status;
  if (result.violations.some(about('undocumented_status'))) return '';
  if (result.notes.some(about('refusal_not_documented'))) return ' (a note: a refusal the document leaves open)';
  if (status >= 500) return ' (judged by no_server_error)';
  if (status === 429) return ' (rate limited: waited out)';
  return ' (judged by the check of the case it answered, not status_code_conformance)';
}
