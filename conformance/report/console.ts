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
    `${index}) ${violation.baseline ? `[${violation.baseline}] ` : ''}${violation.check} · ${violation.operation} · ${violation.title}${violation.occurrences > 1 ? ` (${violation.occurrences}×)` : ''}`,
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
    out.push('', table(rows), '', '  pass · FAIL · - did not apply · n/r could not run (cases left unsent, below)');
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
    const extra = operation.observedStatuses.filter((s) => !operation.documentedStatuses.includes(String(s)));
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
