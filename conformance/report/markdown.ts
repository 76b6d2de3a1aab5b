// A short markdown summary for CI pages (GitHub's $GITHUB_STEP_SUMMARY): verdict, check table, failures.
import type { RunResult } from '../run.js';
import { notRunClause } from './not-run.js';

const MARK = { passed: '✅', failed: '❌', skipped: '–' } as const;
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdownSummary(result: RunResult): string {
  const tested = result.operations.filter((o) => !o.skipped);
  const baseline = result.baseline;
  const against = baseline
    ? ` (baseline: ${baseline.known} known${baseline.fixed.length > 0 ? `, ${baseline.fixed.length} fixed` : ''})`
    : '';
  const notRun = notRunClause(result);
  const verdict =
    result.exitCode === 0
      ? `✅ Conformant${notRun ? ' as far as tested' : ''}${baseline ? ': no new violation' : ''}${against}${notRun}`
      : result.exitCode === 1
        ? `❌ ${baseline ? baseline.new : result.violations.length}${baseline ? ' new' : ''} violation(s)${against}`
        : `⚠️ Could not run: ${result.error ?? ''}`;
  const lines = [
    `### Contract conformance: ${verdict}`,
    '',
    `Target \`${result.baseUrl}\` · seed \`${result.seed}\` · ${result.requests} requests · ${(result.durationMs / 1000).toFixed(1)} s`,
    '',
  ];
  if (tested.length > 0) {
    lines.push(
      `| check | ${tested.map((o) => `\`${o.id}\``).join(' | ')} |`,
      `|---|${tested.map(() => '---').join('|')}|`,
    );
    for (const check of result.checks)
      lines.push(
        `| ${check} | ${tested.map((o) => (o.checks[check]!.reason ? '⏭ n/r' : MARK[o.checks[check]!.outcome])).join(' | ')} |`,
      );
    lines.push('');
  }
  if (result.violations.length > 0) {
    lines.push('| check | operation | problem |', '|---|---|---|');
    for (const v of result.violations.slice(0, 20))
      lines.push(
        `| ${v.check} | ${v.operation} | ${v.baseline ? `**${v.baseline}** ` : ''}${cell(`${v.title}: ${v.message}`)} |`,
      );
    if (result.violations.length > 20) lines.push(`| … | | ${result.violations.length - 20} more in the reports |`);
    lines.push('');
  }
  if (baseline && baseline.fixed.length > 0) {
    lines.push(`Fixed since the baseline: ${baseline.fixed.map((e) => `${e.check} · ${e.operation}`).join('; ')}`, '');
  }
  return `${lines.join('\n')}\n`;
}
